import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  cleanText,
  idField,
  localDayField,
  optionalWholeNumberField,
  privateUploadSchema,
  requiredText,
} from "./fields";

function parse<T extends z.ZodTypeAny>(schema: T, value: string) {
  const fd = new FormData();
  fd.set("v", value);
  return parseWithZod(fd, { schema: z.object({ v: schema }) });
}

describe("text hygiene", () => {
  it("removes NUL, escape and other control characters but keeps line breaks and tabs", () => {
    expect(cleanText("a\u0000b\u001bc\u007fd\u0085e")).toBe("abcde");
    expect(cleanText("linha 1\r\nlinha 2\rlinha\t3")).toBe("linha 1\nlinha 2\nlinha\t3");
  });

  it("removes bidirectional overrides and isolates", () => {
    expect(cleanText("fatura\u202Efdp.exe")).toBe("faturafdp.exe");
    expect(cleanText("\u2066nome\u2069 \u202Atexto\u202C")).toBe("nome texto");
  });

  it("is applied by every text rule before the length and required checks", () => {
    const r = parse(requiredText(10), "\u0000\u202E  Ana \u0000");
    expect(r.status === "success" && r.value.v).toBe("Ana");
    expect(parse(requiredText(10), "\u0000\u202E").status).toBe("error");
  });
});

describe("numbers and ids", () => {
  it("accept decimal digits only", () => {
    const count = optionalWholeNumberField(100, undefined);
    for (const bad of ["0x10", "1e1", "2.5", "١٢", "16 ", "Infinity"]) {
      const r = parse(count, bad);
      if (bad === "16 ") expect(r.status === "success" && r.value.v).toBe(16);
      else expect(r.status, bad).toBe("error");
    }
    const id = idField("inválido");
    for (const bad of ["0x10", "1e3", "-1", "0", "07", "9007199254740993"])
      expect(parse(id, bad).status, bad).toBe("error");
    const ok = parse(id, "42");
    expect(ok.status === "success" && ok.value.v).toBe(42);
  });
});

describe("privateUploadSchema", () => {
  const schema = privateUploadSchema("client_id", {
    required: "Selecione um cliente e um arquivo.",
    invalid: "Cliente não encontrado.",
  });
  const form = (entries: [string, string | File][]) => {
    const fd = new FormData();
    for (const [name, value] of entries) fd.set(name, value);
    return parseWithZod(fd, { schema });
  };

  it("answers a missing id or file (or an empty file) with the dialog's one message", () => {
    const pdf = new File(["%PDF-1.4"], "contrato.pdf");
    for (const entries of [
      [],
      [["client_id", "7"]],
      [["file", pdf]],
      [
        ["client_id", "7"],
        ["file", new File([], "vazio.pdf")],
      ],
    ] as [string, string | File][][]) {
      expect(form(entries).reply().error).toEqual({ "": ["Selecione um cliente e um arquivo."] });
    }
    expect(
      form([
        ["client_id", "abc"],
        ["file", pdf],
      ]).reply().error,
    ).toMatchObject({ client_id: ["Cliente não encontrado."] });
  });

  it("gives the id and the file, both there", () => {
    const pdf = new File(["%PDF-1.4"], "contrato.pdf");
    const submission = form([
      ["client_id", "7"],
      ["file", pdf],
    ]);
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ id: 7, file: pdf });
  });

  it("has the constraints of its fields, neither required (the server gives the one message)", () => {
    expect(getZodConstraint(schema.in)).toMatchObject({ client_id: { required: false }, file: { required: false } });
  });
});

describe("a calendar day", () => {
  const day = localDayField("Informe uma data válida (dd/mm/aaaa).");
  it("reads what a date input posts and what people type, and nothing else", () => {
    expect(day.parse("2027-03-11")).toBe("2027-03-11");
    expect(day.parse("11/03/2027")).toBe("2027-03-11");
    for (const bad of ["30/02/2027", "amanhã", "2027-3-11"])
      expect(day.safeParse(bad).error?.issues[0]?.message).toBe("Informe uma data válida (dd/mm/aaaa).");
  });
});
