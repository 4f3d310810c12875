import { describe, expect, it } from "vitest";
import { fillForm, findForm, multipart, postPath, readForms, urlEncoded } from "../../scripts/lib/html-form";

// The benchmark posts the site's forms as a browser without JavaScript would
// (scripts/lib/html-form.ts): what it reads from React's markup decides
// whether its posts are accepted.
const html = `<form id="search" action="/imoveis" method="get"><input name="search" value=""/></form>
<form id="property-form" class="[&>svg]:size-4" action="/admin/properties/7/edit#x" method="post" encType="multipart/form-data">
<input type="hidden" name="id" value="7"/>
<input name="name" value="Casa &quot;Azul&quot; &amp; Cia"/>
<select name="type"><option value="Apartamento">Apartamento</option><option value="Casa" selected="">Casa</option></select>
<select name="status"><option value="ready">Pronto</option><option value="launch">Lançamento</option></select>
<textarea name="description">
Linha 1&#10;Linha 2 &lt;b&gt;</textarea>
<input type="checkbox" name="featured" checked=""/>
<input type="checkbox" name="is_exclusive"/>
<input type="radio" name="cover_image" value="3"/><input type="radio" name="cover_image" value="4" checked=""/>
<input name="locked" value="x" disabled=""/>
<input type="file" name="images" multiple=""/>
<button type="submit" name="intent" value="save">Salvar</button>
</form>`;

describe("bench html-form", () => {
  it("serialises a form as a browser posts it", () => {
    const form = findForm(html, "property", (f) => f.attrs.get("id") === "property-form");
    expect(form.attrs.get("class")).toBe("[&>svg]:size-4");
    expect(form.fields).toEqual([
      { name: "id", value: "7" },
      { name: "name", value: 'Casa "Azul" & Cia' },
      { name: "type", value: "Casa" },
      { name: "status", value: "ready" },
      { name: "description", value: "Linha 1\nLinha 2 <b>" },
      { name: "featured", value: "on" },
      { name: "cover_image", value: "4" },
      { name: "images", value: "", file: true },
    ]);
    expect(postPath(form, "/admin/properties/7/edit")).toBe("/admin/properties/7/edit");
    expect(readForms(html)).toHaveLength(2);
  });

  it("fills only fields the form has", () => {
    const form = findForm(html, "search", (f) => f.attrs.get("id") === "search");
    expect(urlEncoded(fillForm(form, { search: "casa centro" }))).toBe("search=casa+centro");
    expect(() => fillForm(form, { nome: "x" })).toThrow(/não tem o campo "nome"/);
    expect(() => findForm(html, "login", (f) => f.attrs.get("id") === "login")).toThrow(/formulário não encontrado/);
  });

  it('writes an empty file input with filename="", as browsers do', () => {
    const { body, contentType } = multipart([
      { name: "description", value: "a\nb" },
      { name: "images", value: "", file: true },
    ]);
    const boundary = contentType.split("boundary=")[1];
    expect(body.toString()).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\na\r\nb\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n` +
        `--${boundary}--\r\n`,
    );
  });
});
