import { randomBytes } from "node:crypto";

// Reads a form of a server-rendered page and serialises it the way a browser
// without JavaScript would (its "successful controls"): the benchmark posts
// the site's real forms, with the hidden fields (privacy notice, honeypot, a
// record's id) and the current values the server rendered, rather than a
// hand-written copy of their fields that would drift from the pages.
//
// A small reader for the markup React renders, not a general HTML parser:
// quoted attributes, <input>, <select>/<option> and <textarea>, no nested forms.

export type FormField = { name: string; value: string; file?: true };
export type HtmlForm = { attrs: Map<string, string>; action: string | undefined; fields: FormField[] };

// An attribute list that may hold ">" inside quotes (Tailwind's "[&>svg]:...").
const ATTRS = String.raw`((?:[^>"']|"[^"]*"|'[^']*')*)`;
const FORM = new RegExp(String.raw`<form\b${ATTRS}>([\s\S]*?)</form>`, "gi");
const CONTROL = new RegExp(
  String.raw`<input\b${ATTRS}/?>|<select\b${ATTRS}>([\s\S]*?)</select>|<textarea\b${ATTRS}>([\s\S]*?)</textarea>`,
  "gi",
);
const OPTION = new RegExp(String.raw`<option\b${ATTRS}>([\s\S]*?)(?=</option>|<option\b|$)`, "gi");
const ATTR = /([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return String.fromCodePoint(code);
  });
}

function attributes(source: string) {
  const attrs = new Map<string, string>();
  for (const m of source.matchAll(ATTR)) attrs.set(m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  return attrs;
}

function optionText(html: string) {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->|<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

function serialise(body: string): FormField[] {
  const fields: FormField[] = [];
  for (const m of body.matchAll(CONTROL)) {
    const attrs = attributes(m[1] ?? m[2] ?? m[4]);
    const name = attrs.get("name");
    if (!name || attrs.has("disabled")) continue;
    if (m[1] !== undefined) {
      const type = (attrs.get("type") ?? "text").toLowerCase();
      if (["submit", "button", "image", "reset"].includes(type)) continue;
      if (type === "checkbox" || type === "radio") {
        if (attrs.has("checked")) fields.push({ name, value: attrs.get("value") ?? "on" });
      } else if (type === "file") {
        // A file input left empty still posts one part with an empty file name.
        fields.push({ name, value: "", file: true });
      } else {
        fields.push({ name, value: attrs.get("value") ?? "" });
      }
    } else if (m[2] !== undefined) {
      const options = [...m[3].matchAll(OPTION)].map((o) => ({ attrs: attributes(o[1]), text: o[2] }));
      const chosen = options.find((o) => o.attrs.has("selected")) ?? options.find((o) => !o.attrs.has("disabled"));
      if (chosen) fields.push({ name, value: chosen.attrs.get("value") ?? optionText(chosen.text) });
    } else {
      // The HTML parser drops one newline right after <textarea>.
      fields.push({ name, value: decodeEntities(m[5].replace(/^\r?\n/, "")) });
    }
  }
  return fields;
}

export function readForms(html: string): HtmlForm[] {
  return [...html.matchAll(FORM)].map((m) => {
    const attrs = attributes(m[1]);
    return { attrs, action: attrs.get("action"), fields: serialise(m[2]) };
  });
}

// The one form `pick` chooses; throws when the page has none, so a changed
// page stops the benchmark instead of sending a form that no longer exists.
export function findForm(html: string, what: string, pick: (form: HtmlForm) => boolean) {
  const form = readForms(html).find(pick);
  if (!form) throw new Error(`formulário não encontrado: ${what}`);
  return form;
}

// The form's fields with some replaced, as a person typing into them. Every
// name given must be a field of the form.
export function fillForm(form: HtmlForm, values: Record<string, string>): FormField[] {
  const names = new Set(form.fields.map((f) => f.name));
  for (const name of Object.keys(values)) {
    if (!names.has(name)) throw new Error(`o formulário não tem o campo "${name}" (campos: ${[...names].join(", ")})`);
  }
  return form.fields.map((f) => (f.name in values ? { name: f.name, value: values[f.name] } : f));
}

export function urlEncoded(fields: FormField[]) {
  return new URLSearchParams(fields.filter((f) => !f.file).map((f) => [f.name, f.value])).toString();
}

// A multipart/form-data body as a browser writes it. Written by hand because
// fetch's FormData leaves out `filename=""` for an empty file input, which a
// browser sends (and the server's upload parser tells apart).
export function multipart(fields: FormField[]) {
  const boundary = `----BenchFormBoundary${randomBytes(8).toString("hex")}`;
  const quote = (s: string) => s.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
  const parts = fields.map((f) =>
    f.file
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${quote(f.name)}"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${quote(f.name)}"\r\n\r\n${f.value.replace(/\r?\n/g, "\r\n")}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// Where the browser posts the form: its action without the fragment ("/#imovel-ideal" posts to "/").
export function postPath(form: HtmlForm, pagePath: string) {
  return (form.action ?? pagePath).replace(/#.*$/, "") || "/";
}
