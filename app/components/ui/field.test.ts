import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { describe, expect, test } from "vitest";
import { inputProps, selectProps, textareaProps, type FieldMeta } from "./field";

// Field writes the control attributes itself (public pages do not download
// Conform); the back office's forms still pass Conform's metadata, so the
// attributes, and their order (the server's HTML), must stay Conform's.
function meta(over: Partial<FieldMeta>): FieldMeta {
  return {
    id: "f-name",
    name: "name",
    formId: "f",
    errorId: "f-name-error",
    descriptionId: "f-name-description",
    errors: undefined,
    ...over,
  };
}
const conform = (m: FieldMeta) => m as unknown as FieldMetadata<unknown, Record<string, unknown>, string[]>;
const cases: [string, FieldMeta][] = [
  ["plain", meta({})],
  ["required with limits and a value", meta({ required: true, minLength: 1, maxLength: 120, initialValue: "Maria" })],
  [
    "every constraint",
    meta({ required: true, min: 0, max: 50, step: 1, pattern: "\\d+", multiple: true, accept: "image/*" }),
  ],
  ["with an error", meta({ required: true, errors: ["Campo obrigatório."], initialValue: "x" })],
  ["an array value", meta({ initialValue: ["a", "b"] })],
  ["a number value", meta({ initialValue: 3 })],
];

describe("Field's control attributes equal Conform's", () => {
  for (const [name, m] of cases) {
    for (const ariaDescribedBy of [undefined, "f-name-description"]) {
      test(`${name}, ${ariaDescribedBy ? "with" : "without"} a hint`, () => {
        for (const type of ["text", "email", "number"] as const) {
          const ours = inputProps(m, { type, ariaDescribedBy });
          const theirs = getInputProps(conform(m), { type, ariaDescribedBy });
          expect(Object.entries(ours)).toEqual(Object.entries(theirs));
        }
        expect(Object.entries(selectProps(m, { ariaDescribedBy }))).toEqual(
          Object.entries(getSelectProps(conform(m), { ariaDescribedBy })),
        );
        expect(Object.entries(textareaProps(m, { ariaDescribedBy }))).toEqual(
          Object.entries(getTextareaProps(conform(m), { ariaDescribedBy })),
        );
      });
    }
  }
});
