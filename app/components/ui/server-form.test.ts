import { useForm, type SubmissionResult } from "@conform-to/react";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Field, type FieldMeta, type FormConstraint } from "./field";
import { serverForm } from "./server-form";

// The public forms left Conform's useForm for serverForm (no Conform in their
// JavaScript): the HTML they render must stay what useForm gave.
type Options = { lastResult?: SubmissionResult<string[]>; defaultValue?: Record<string, string> };

const constraint: FormConstraint = {
  name: { required: true, minLength: 1, maxLength: 120 },
  email: { required: true, maxLength: 254 },
  kind: { required: true },
  message: { required: true, maxLength: 5000 },
};

function controls(form: { id: string; "aria-describedby"?: string }, fields: Record<string, FieldMeta>): ReactNode {
  return h(
    "form",
    { id: form.id, "aria-describedby": form["aria-describedby"] },
    h(Field, { meta: fields.name, label: "Nome *", type: "text", autoComplete: "name" }),
    h(Field, { meta: fields.email, label: "Email *", type: "email", hint: "Para respondermos." }),
    h(Field, {
      meta: fields.kind,
      label: "Tipo *",
      as: "select",
      children: [h("option", { key: "", value: "" }, "Selecione"), h("option", { key: "casa", value: "casa" }, "Casa")],
    }),
    h(Field, { meta: fields.message, label: "Mensagem *", as: "textarea", rows: 4 }),
  );
}

function WithConform(options: Options) {
  const [form, fields] = useForm({ id: "f-1", constraint, ...options });
  return controls(
    { id: form.id, "aria-describedby": form.errors ? form.errorId : undefined },
    fields as unknown as Record<string, FieldMeta>,
  );
}

function WithServerForm(options: Options) {
  const { form, fields } = serverForm({ id: "f-1", constraint, ...options });
  return controls(form, fields);
}

const reply = (over: Partial<SubmissionResult<string[]>>): SubmissionResult<string[]> => ({
  status: "error",
  initialValue: { name: "Maria", email: "maria@example", kind: "casa", message: "Olá" },
  error: { email: ["Informe um email válido."] },
  fields: ["name", "email", "kind", "message"],
  ...over,
});

const cases: [string, Options][] = [
  ["a blank form", {}],
  ["values to start with, one empty", { defaultValue: { message: "Tenho interesse no imóvel 0034.", name: "" } }],
  ["a refused post: errors and the values as typed", { lastResult: reply({}) }],
  [
    "a refused post with empty fields",
    {
      lastResult: reply({ initialValue: { email: "x" }, error: { name: ["Campo obrigatório."], kind: ["Escolha."] } }),
    },
  ],
  ["a form-level error", { lastResult: reply({ error: { "": ["Erro geral."], name: ["Campo obrigatório."] } }) }],
  ["a refused post over starting values", { defaultValue: { message: "Padrão" }, lastResult: reply({}) }],
];

describe("serverForm renders what Conform's useForm rendered", () => {
  for (const [name, options] of cases) {
    test(name, () => {
      const ours = renderToStaticMarkup(h(WithServerForm, options));
      expect(ours).toBe(renderToStaticMarkup(h(WithConform, options)));
      expect(ours).toContain('id="f-1-name"');
    });
  }
});
