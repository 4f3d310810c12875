import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { minimumDownPayment, simulatorSchema } from "./simulator.schema";

const parse = (qs: string) => {
  const s = parseWithZod(new URLSearchParams(qs), { schema: simulatorSchema(20) });
  return {
    status: s.status,
    value: s.status === "success" ? s.value : undefined,
    error: s.status === "error" ? s.error : undefined,
  };
};

describe("simulator form", () => {
  it("reads Brazilian amounts, months, a comma rate and the system", () => {
    const s = parse("valor=450.000,00&entrada=90.000&prazo=360&juros=10,5&sistema=PRICE");
    expect(s.status).toBe("success");
    expect(s.value).toEqual({ valor: 450_000_00, entrada: 90_000_00, prazo: 360, juros: 10.5, sistema: "PRICE" });
  });

  it("refuses a down payment under 20% with the minimum in reais", () => {
    const s = parse("valor=450000&entrada=89.999,99&prazo=360&juros=10&sistema=SAC");
    expect(s.status).toBe("error");
    expect(s.error?.entrada).toEqual(["A entrada deve ser de pelo menos 20% do valor do imóvel (R$ 90.000,00)."]);
    expect(minimumDownPayment(333_333_33, 20)).toBe(66_666_67);
  });

  it("gives a Portuguese error for each bad value", () => {
    const s = parse("valor=abc&entrada=&prazo=0&juros=99&sistema=outro");
    expect(s.error).toMatchObject({
      valor: ["Informe o valor em reais, por exemplo 350.000,00."],
      entrada: ["Informe o valor da entrada."],
      prazo: ["O prazo deve ser de 1 a 420 meses."],
      juros: ["Informe a taxa de juros anual entre 0 e 30%, por exemplo 10,5."],
      sistema: ["Escolha o sistema SAC ou PRICE."],
    });
    expect(parse("valor=100000&entrada=1000&prazo=421&juros=1e3&sistema=SAC").error).toEqual({
      prazo: ["O valor máximo é 420."],
      juros: ["Informe a taxa de juros anual entre 0 e 30%, por exemplo 10,5."],
    });
    // The down payment is judged against the value once the rest is valid.
    expect(parse("valor=100000&entrada=100000&prazo=420&juros=0&sistema=SAC").error).toEqual({
      entrada: ["A entrada deve ser menor que o valor do imóvel."],
    });
  });
});
