import { describe, expect, it } from "vitest";
import { readjustmentEmail } from "./readjustment-email";

describe("readjustmentEmail", () => {
  const base = {
    name: "Marta <b>",
    property_address: "Rua das Flores, 10",
    anniversary: "2026-12-10",
    index_code: "IGPM" as const,
    first_month: "2025-12",
    last_month: "2026-11",
    accumulated_ppm: 126_825,
    old_rent_cents: 150_000,
    new_rent_cents: 169_024,
  };

  it("says the index, the months, the rate, the old and new rent and the day; HTML escaped", () => {
    const mail = readjustmentEmail(base, "Imobiliária Lago Azul");
    expect(mail.subject).toBe("Reajuste anual do aluguel: R$ 1.690,24 a partir de 10/12/2026");
    expect(mail.text).toContain("IGP-M acumulado de dezembro de 2025 a novembro de 2026");
    expect(mail.text).toContain("Variação: 12,6825%");
    expect(mail.text).toContain("Aluguel atual: R$ 1.500,00");
    expect(mail.text).toContain("Novo aluguel: R$ 1.690,24");
    expect(mail.html).toContain("Marta &lt;b&gt;");
  });

  it("says the rent stays when a negative index does not lower it", () => {
    const mail = readjustmentEmail({ ...base, accumulated_ppm: -11_934, new_rent_cents: 150_000 }, "X");
    expect(mail.text).toContain("acumulou -1,1934% e o aluguel continua o mesmo");
  });
});
