import { describe, expect, it } from "vitest";
import { describeChange, formatChangeValue } from "./labels";

describe("the Alterações column", () => {
  it("shows an update as field: before → after, in Portuguese", () => {
    expect(describeChange("property", "update", "price", [350_000_00, null])).toBe(
      "Preço: R$ 350.000,00 → SOB CONSULTA",
    );
    expect(describeChange("property", "update", "featured", [0, 1])).toBe("Destaque: não → sim");
    expect(describeChange("property", "update", "status", ["ready", "construction"])).toBe(
      "Status: Pronto para morar → Em construção",
    );
    expect(describeChange("ideal_request", "update", "status", ["pending", "resolved"])).toBe(
      "Status: Pendente → Resolvido",
    );
    expect(describeChange("ideal_request", "update", "resolved_by", [null, "Ana"])).toBe("Responsável: — → Ana");
    expect(
      describeChange("property", "update", "images", [
        [3, 4],
        [4, 3, 9],
      ]),
    ).toBe("Imagens: 3, 4 → 4, 3, 9");
    expect(describeChange("staff_account", "update", "some_new_field", ["a", "b"])).toBe("some_new_field: a → b");
    expect(describeChange("billing", "update", "status", ["pending", "paid"])).toBe("Status: Pendente → Pago");
    expect(describeChange("billing", "create", "amount_cents", [null, 125_000])).toBe("Valor: R$ 1.250,00");
  });

  it("reads the columns' names before and after migration 0018 alike (old audit rows keep theirs)", () => {
    for (const [entity, older, newer, label] of [
      ["property", "price", "price_cents", "Preço"],
      ["client", "monthly_rent", "monthly_rent_cents", "Aluguel"],
      ["billing", "amount_paid", "amount_paid_cents", "Valor recebido"],
    ] as const) {
      for (const field of [older, newer])
        expect(describeChange(entity, "update", field, [150_000, 169_024])).toBe(`${label}: R$ 1.500,00 → R$ 1.690,24`);
    }
    expect(formatChangeValue("billing", "payment_difference_cents", -10_000)).toBe("-R$ 100,00");
    expect(formatChangeValue("billing", "payment_date", "2026-10-05")).not.toContain("R$");
  });

  it("shows one side for a creation or a deletion", () => {
    expect(describeChange("property", "create", "price", [null, 100_00])).toBe("Preço: R$ 100,00");
    expect(describeChange("staff_account", "create", "role", [null, "admin"])).toBe("Papel: Administrador");
    expect(describeChange("property", "delete", "name", ["Casa", null])).toBe("Nome: Casa");
  });

  it("shortens long text", () => {
    const shown = formatChangeValue("property", "description", "x".repeat(500));
    expect(shown).toHaveLength(120);
    expect(shown.endsWith("…")).toBe(true);
  });
});
