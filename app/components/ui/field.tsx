import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type useForm } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

// What a field needs from Conform: ids for the label, the hint and the error,
// the errors, the key that resets the control, and the schema's constraints
// (required, maxLength...) that the form's `constraint` option put there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form
export type FieldMeta = FieldMetadata<any, any, string[]>;

// The HTML constraints of a form's fields, made from its zod schema by the
// route's loader (getZodConstraint) so that no zod reaches the browser.
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

type InputType = Parameters<typeof getInputProps>[1]["type"];
type Own = "id" | "name" | "form" | "type" | "defaultValue" | "defaultChecked" | "required" | "minLength" | "maxLength" | "pattern";
type Common = { meta: FieldMeta; label: ReactNode; hint?: string; className?: string; controlClassName?: string };

type FieldProps = Common &
  (
    | ({ as?: "input"; type: Exclude<InputType, "checkbox" | "radio" | "file"> } & Omit<InputHTMLAttributes<HTMLInputElement>, Own | "className">)
    | ({ as: "textarea" } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Own | "className">)
    | ({ as: "select"; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, Own | "className">)
    // The control is the caller's (a file input with a preview...): it wires
    // itself with `meta` and `describedBy(meta, hint)`.
    | { as: "custom"; children: ReactNode }
  );

// The ids a control names in aria-describedby: its hint, and its error when shown.
export function describedBy(meta: FieldMeta, hint?: string) {
  return [hint ? meta.descriptionId : null, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
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
    const { key, ...own } = getTextareaProps(meta, aria);
    control = <textarea key={key} {...own} {...rest} className={`${inputClass} ${controlClassName}`} />;
  } else if (props.as === "select") {
    const { meta: _m, label: _l, hint: _h, className: _c, controlClassName: _cc, as: _as, children, ...rest } = props;
    const { key, ...own } = getSelectProps(meta, aria);
    control = (
      <select key={key} {...own} {...rest} className={`${inputClass} ${controlClassName}`}>
        {children}
      </select>
    );
  } else {
    const { meta: _m, label: _l, hint: _h, className: _c, controlClassName: _cc, as: _as, type, ...rest } = props;
    const { key, ...own } = getInputProps(meta, { ...aria, type });
    control = <input key={key} {...own} {...rest} className={`${inputClass} ${controlClassName}`} />;
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

export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-800 px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60";

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
