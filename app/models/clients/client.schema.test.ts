import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { editClientSchema, newClientSchema } from "./client.schema";

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
}

const base = { name: "Maria Souza", email: "maria@teste.com", username: "maria.souza" };

function parse(values: Record<string, string>) {
  return parseWithZod(form({ ...base, ...values }), { schema: newClientSchema });
}

function errorOf(values: Record<string, string>, field: string) {
  const s = parse(values);
  if (s.status === "success") return undefined;
  return s.error?.[field]?.[0];
}

describe("client form", () => {
  it("needs name, email and username; the rest is optional with the defaults", () => {
    const ok = parse({});
    expect(ok.status).toBe("success");
    if (ok.status !== "success") return;
    expect(ok.value.payment_due_day).toBe(5);
    expect(ok.value.monthly_rent).toBeUndefined();
    expect(ok.value.password).toBeUndefined();
    const noName = parseWithZod(form({ email: "a@b.com" }), { schema: newClientSchema });
    expect(noName.status !== "success" && noName.error?.name).toBeTruthy();
    const noUsername = parseWithZod(form({ name: "A", email: "a@b.com" }), { schema: newClientSchema });
    expect(noUsername.status !== "success" && noUsername.error?.username).toBeTruthy();
    expect(parseWithZod(form({ name: "A", email: "a@b.com" }), { schema: editClientSchema }).status).toBe("success");
  });

  it("checks CPF and CNPJ digits and stores them normalized", () => {
    expect(errorOf({ cpf_cnpj: "529.982.247-24" }, "cpf_cnpj")).toBe("CPF ou CNPJ inválido: confira os dígitos.");
    expect(errorOf({ cpf_cnpj: "123" }, "cpf_cnpj")).toBeTruthy();
    const cpf = parse({ cpf_cnpj: "529.982.247-25" });
    expect(cpf.status === "success" && cpf.value.cpf_cnpj).toBe("52998224725");
    const cnpj = parse({ cpf_cnpj: "12.abc.345/01de-35" });
    expect(cnpj.status === "success" && cnpj.value.cpf_cnpj).toBe("12ABC34501DE35");
  });

  it("takes the due day from 1 to 31", () => {
    for (const bad of ["0", "32", "abc", "1.5", "-1"])
      expect(errorOf({ payment_due_day: bad }, "payment_due_day"), bad).toBe(
        "O dia de vencimento deve ser um número de 1 a 31.",
      );
    const ok = parse({ payment_due_day: "31" });
    expect(ok.status === "success" && ok.value.payment_due_day).toBe(31);
  });

  it("reads the rent as people type it", () => {
    const ok = parse({ monthly_rent: "1.250,00" });
    expect(ok.status === "success" && ok.value.monthly_rent).toBe(125000);
    const plain = parse({ monthly_rent: "R$ 980" });
    expect(plain.status === "success" && plain.value.monthly_rent).toBe(98000);
    expect(errorOf({ monthly_rent: "abc" }, "monthly_rent")).toBe("Informe um valor válido, por exemplo 1.250,00.");
    expect(errorOf({ monthly_rent: "0" }, "monthly_rent")).toBeTruthy();
    const ceiling = parse({ monthly_rent: "10.000.000,00" });
    expect(ceiling.status === "success" && ceiling.value.monthly_rent).toBe(1_000_000_000);
    expect(errorOf({ monthly_rent: "10.000.000,01" }, "monthly_rent")).toBe(
      "Informe um valor de até R$ 10.000.000,00.",
    );
    expect(errorOf({ monthly_rent: "90.071.992.547.409,91" }, "monthly_rent")).toBe(
      "Informe um valor de até R$ 10.000.000,00.",
    );
  });

  it("takes dates as yyyy-MM-dd or dd/MM/yyyy, the end not before the start", () => {
    const ok = parse({ contract_start_date: "01/02/2026", contract_end_date: "2027-01-31" });
    expect(ok.status === "success" && [ok.value.contract_start_date, ok.value.contract_end_date]).toEqual([
      "2026-02-01",
      "2027-01-31",
    ]);
    expect(errorOf({ contract_start_date: "30/02/2026" }, "contract_start_date")).toBe(
      "Informe uma data válida (dd/mm/aaaa).",
    );
    expect(errorOf({ contract_start_date: "2026-02-01", contract_end_date: "2026-01-31" }, "contract_end_date")).toBe(
      "A data de término não pode ser anterior à data de início.",
    );
    const same = parse({ contract_start_date: "2026-02-01", contract_end_date: "2026-02-01" });
    expect(same.status).toBe("success");
  });

  it("checks a typed password like the staff's; empty means generated", () => {
    expect(errorOf({ password: "curta" }, "password")).toBeTruthy();
    const ok = parse({ password: "senha12345" });
    expect(ok.status === "success" && ok.value.password).toBe("senha12345");
  });
});
