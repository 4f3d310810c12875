import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cleanText, idField, optionalWholeNumberField, requiredText } from "./fields";

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
    for (const bad of ["0x10", "1e3", "-1", "0", "07", "9007199254740993"]) expect(parse(id, bad).status, bad).toBe("error");
    const ok = parse(id, "42");
    expect(ok.status === "success" && ok.value.v).toBe(42);
  });
});
