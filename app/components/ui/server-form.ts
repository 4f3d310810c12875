import type { SubmissionResult } from "@conform-to/react";
import type { FieldMeta, FormConstraint } from "./field";

// A public form's metadata for Field, made from what the server sent: the
// reply to the last post (the errors and the values as typed), else the values
// the form starts with. It has the shape of Conform's useForm metadata
// (same ids, so the same HTML) without Conform's browser runtime, which the
// public pages' JavaScript budget has no room for
// (docs/decisions/0028-budgets.md). The browser checks the constraint's
// attributes (required, maxLength...) before a post; the server validates and
// answers with the errors, as without JavaScript.
// The back office's forms keep Conform's useForm.
export function serverForm<Name extends string = string>({
  id,
  lastResult,
  constraint,
  defaultValue,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
  defaultValue?: Partial<Record<Name, string>>;
}) {
  const values: Record<string, unknown> = lastResult?.initialValue ?? defaultValue ?? {};
  const errors = lastResult?.error ?? {};
  const field = (name: string): FieldMeta => {
    const value = values[name];
    return {
      ...constraint[name],
      id: `${id}-${name}`,
      name,
      formId: id,
      errorId: `${id}-${name}-error`,
      descriptionId: `${id}-${name}-description`,
      errors: errors[name] ?? undefined,
      // Conform leaves an empty value out: the control gets no value attribute.
      initialValue: value === "" ? undefined : value,
    };
  };
  const fields = new Proxy({} as Record<Name, FieldMeta>, {
    get: (_, name) => (typeof name === "string" ? field(name) : undefined),
  });
  // A form-level error (none of the public schemas has one yet) describes the form, as Conform's getFormProps does.
  const form = { id, "aria-describedby": errors[""] ? `${id}-error` : undefined };
  return { form, fields };
}
