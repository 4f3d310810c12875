import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

// What a field needs: ids for the label, the hint and the error, the errors,
// the value it starts with, and the schema's constraints (required,
// maxLength...) that the form's `constraint` option put there. The back
// office's forms pass Conform's field metadata; the public pages' pass
// serverForm's (server-form.ts), the same shape without Conform's runtime.
export type FieldMeta = FieldConstraint & {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  initialValue?: unknown;
};

// The HTML constraints of a form's fields, made from its zod schema by the
// route's loader (getZodConstraint) so that no zod reaches the browser.
export type FormConstraint = Record<string, FieldConstraint>;
type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
  accept?: string;
};

type InputType =
  | "text"
  | "email"
  | "tel"
  | "number"
  | "password"
  | "url"
  | "search"
  | "date"
  | "datetime-local"
  | "month"
  | "time"
  | "week"
  | "color"
  | "range"
  | "hidden";
type Own =
  | "id"
  | "name"
  | "form"
  | "type"
  | "defaultValue"
  | "defaultChecked"
  | "required"
  | "minLength"
  | "maxLength"
  | "pattern";
type Common = { meta: FieldMeta; label: ReactNode; hint?: string; className?: string; controlClassName?: string };

type FieldProps = Common &
  (
    | ({ as?: "input"; type: InputType } & Omit<InputHTMLAttributes<HTMLInputElement>, Own | "className">)
    | ({ as: "textarea" } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Own | "className">)
    | ({ as: "select"; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, Own | "className">)
    // The control is the caller's (a file input with a preview...): it wires
    // itself with `meta` and `describedBy(meta, hint)`.
    | { as: "custom"; children: ReactNode }
  );

// The attributes Conform's getInputProps / getSelectProps / getTextareaProps
// give (field.test.ts holds them equal), written here so that public pages do
// not download Conform. Unset ones are left out, so that the caller's own
// props keep their place (the server's HTML stays the same).
function controlProps<Own extends object>(meta: FieldMeta, ariaDescribedBy: string | undefined, own: Own) {
  const invalid = typeof meta.errors !== "undefined";
  const props = {
    required: meta.required || undefined,
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${ariaDescribedBy ?? ""}`.trim() : ariaDescribedBy,
    ...own,
  };
  for (const key of Object.keys(props) as (keyof typeof props)[]) if (props[key] === undefined) delete props[key];
  return props;
}

export function inputProps(meta: FieldMeta, { type, ariaDescribedBy }: { type: InputType; ariaDescribedBy?: string }) {
  const { minLength, maxLength, min, max, step, pattern, multiple, accept, initialValue } = meta;
  const defaultValue = typeof initialValue === "string" ? initialValue : undefined;
  return controlProps(meta, ariaDescribedBy, {
    type,
    minLength,
    maxLength,
    min,
    max,
    step,
    pattern,
    multiple,
    accept,
    defaultValue,
  });
}

export function selectProps(meta: FieldMeta, { ariaDescribedBy }: { ariaDescribedBy?: string } = {}) {
  const value = meta.initialValue;
  const defaultValue = Array.isArray(value) ? value.map((item) => `${item ?? ""}`) : value?.toString();
  return controlProps(meta, ariaDescribedBy, { multiple: meta.multiple, defaultValue });
}

export function textareaProps(meta: FieldMeta, { ariaDescribedBy }: { ariaDescribedBy?: string } = {}) {
  return controlProps(meta, ariaDescribedBy, {
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    defaultValue: meta.initialValue?.toString(),
  });
}

// The ids a control names in aria-describedby: its hint, and its error when shown.
export function describedBy(meta: FieldMeta, hint?: string) {
  return (
    [hint ? meta.descriptionId : null, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ") || undefined
  );
}

// One labelled form control with its hint and error, wired for screen readers.
// Every form of the site and the back office uses it.
export function Field(props: FieldProps) {
  const { meta, label, hint, className = "", controlClassName = "" } = props;
  const aria = { ariaDescribedBy: hint ? meta.descriptionId : undefined };
  let control: ReactNode;
  if (props.as === "custom") {
    control = props.children;
  } else if (props.as === "textarea") {
    const { meta: _m, label: _l, hint: _h, className: _c, controlClassName: _cc, as: _as, ...rest } = props;
    control = <textarea {...textareaProps(meta, aria)} {...rest} className={`${inputClass} ${controlClassName}`} />;
  } else if (props.as === "select") {
    const { meta: _m, label: _l, hint: _h, className: _c, controlClassName: _cc, as: _as, children, ...rest } = props;
    control = (
      <select {...selectProps(meta, aria)} {...rest} className={`${inputClass} ${controlClassName}`}>
        {children}
      </select>
    );
  } else {
    const { meta: _m, label: _l, hint: _h, className: _c, controlClassName: _cc, as: _as, type, ...rest } = props;
    control = (
      <input {...inputProps(meta, { ...aria, type })} {...rest} className={`${inputClass} ${controlClassName}`} />
    );
  }
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
      {hint ? (
        <p id={meta.descriptionId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600";

// Honeypot: off-screen, skipped by keyboard and screen readers; bots fill it.
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="website">Não preencha este campo</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function FormAlert({ title, description }: { title: string; description?: string }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-1 text-sm">{description}</p> : null}
    </div>
  );
}
