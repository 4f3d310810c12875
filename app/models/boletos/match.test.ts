import { describe, expect, it } from "vitest";
import { amountDiffers, lineDigits, matchBilling, planBoletos, type PlannedBoleto } from "./match";

// The boleto-to-existing-billing match (issue 19): a boleto for a month the
// client was already billed joins that billing; never a second one.

const billing = (id: number, month_year: string, due_date: string, status = "pending", amount_cents = 150000) => ({
  id,
  client_id: 1,
  month_year,
  due_date,
  status,
  amount_cents,
});

describe("matchBilling", () => {
  const october = billing(10, "2026-10", "2026-10-05");
  const november = billing(11, "2026-11", "2026-11-05");

  it("joins the billing with the same due date first, even of another reference month", () => {
    expect(matchBilling({ due_date: "2026-11-05", month_year: "2026-10" }, [october, november])).toBe(november);
  });

  it("else the billing of the same reference month, whatever its due date", () => {
    expect(matchBilling({ due_date: "2026-10-10", month_year: "2026-10" }, [october, november])).toBe(october);
  });

  it("finds nothing for a month and a due date nobody was billed for, or with neither", () => {
    expect(matchBilling({ due_date: "2026-12-05", month_year: "2026-12" }, [october, november])).toBeNull();
    expect(matchBilling({ due_date: null, month_year: null }, [october])).toBeNull();
    expect(matchBilling({ due_date: "2026-10-05", month_year: "2026-10" }, [])).toBeNull();
  });

  it("of several, prefers the open one, then the latest id", () => {
    const paid = billing(20, "2026-10", "2026-10-05", "paid");
    const older = billing(12, "2026-10", "2026-10-05", "overdue");
    const newer = billing(15, "2026-10", "2026-10-05");
    expect(matchBilling({ due_date: "2026-10-05", month_year: "2026-10" }, [older, paid, newer])).toBe(newer);
    expect(matchBilling({ due_date: "2026-10-05", month_year: "2026-10" }, [paid, older])).toBe(older);
    expect(matchBilling({ due_date: "2026-10-05", month_year: "2026-10" }, [paid])).toBe(paid);
    // The same due date wins over an open billing of the same month.
    const sameMonth = billing(30, "2026-10", "2026-10-20");
    expect(matchBilling({ due_date: "2026-10-05", month_year: "2026-10" }, [sameMonth, paid])).toBe(paid);
  });
});

describe("amountDiffers and lineDigits", () => {
  it("offers a new amount only when it differs and the billing is not paid", () => {
    expect(amountDiffers(160000, billing(1, "2026-10", "2026-10-05"))).toBe(true);
    expect(amountDiffers(150000, billing(1, "2026-10", "2026-10-05"))).toBe(false);
    expect(amountDiffers(160000, billing(1, "2026-10", "2026-10-05", "paid"))).toBe(false);
    expect(amountDiffers(null, billing(1, "2026-10", "2026-10-05"))).toBe(false);
  });

  it("takes a company tenant's boleto for the rent less its IRRF as the same amount (decision 0074)", () => {
    const withheld = { ...billing(1, "2026-10", "2026-10-05"), withheld_cents: 14_476 };
    expect(amountDiffers(150000 - 14_476, withheld)).toBe(false);
    expect(amountDiffers(150000, withheld)).toBe(false);
    expect(amountDiffers(150000 - 14_475, withheld)).toBe(true);
  });

  it("compares lines by their digits", () => {
    expect(lineDigits("00190.00009 01234.567890")).toBe("001900000901234567890");
    expect(lineDigits("  ")).toBeNull();
    expect(lineDigits(null)).toBeNull();
  });
});

describe("planBoletos", () => {
  const boleto = (id: number, values: Partial<PlannedBoleto> = {}): PlannedBoleto => ({
    id,
    client_id: 1,
    due_date: "2026-10-05",
    month_year: "2026-10",
    amount_cents: 150000,
    digitable_line: null,
    update_amount: 0,
    ...values,
  });

  it("creates a billing for a new month and joins an existing one", () => {
    const october = billing(7, "2026-10", "2026-10-05");
    const steps = planBoletos(
      [boleto(2, { month_year: "2026-12", due_date: "2026-12-05" }), boleto(1)],
      [october],
      new Set(),
    );
    expect(steps.get(1)).toEqual({
      kind: "join",
      billing: october,
      creatorId: null,
      target: expect.objectContaining({ id: 7 }),
      updateAmount: false,
    });
    expect(steps.get(2)).toEqual({ kind: "create" });
  });

  it("makes one billing of two boletos of one month: the later joins the one the earlier creates", () => {
    const steps = planBoletos([boleto(4), boleto(3, { amount_cents: 140000 })], [], new Set());
    expect(steps.get(3)).toEqual({ kind: "create" });
    expect(steps.get(4)).toMatchObject({ kind: "join", billing: null, creatorId: 3, target: { amount_cents: 140000 } });
  });

  it("updates the amount only when staff chose it, the amounts differ and the billing is not paid", () => {
    const open = billing(7, "2026-10", "2026-10-05");
    const paid = { ...billing(8, "2026-11", "2026-11-05", "paid"), client_id: 1 };
    const steps = planBoletos(
      [
        boleto(1, { amount_cents: 160000, update_amount: 1 }),
        boleto(2, { amount_cents: 160000, update_amount: 1, month_year: "2026-11", due_date: "2026-11-05" }),
        boleto(3, { amount_cents: 170000, month_year: "2026-10", due_date: "2026-10-05" }),
      ],
      [open, paid],
      new Set(),
    );
    expect(steps.get(1)).toMatchObject({ kind: "join", updateAmount: true, target: { amount_cents: 150000 } });
    expect(steps.get(2)).toMatchObject({ kind: "join", updateAmount: false });
    // The next boleto of the month sees the amount the first one set.
    expect(steps.get(3)).toMatchObject({ kind: "join", updateAmount: false, target: { amount_cents: 160000 } });
  });

  it("keeps incomplete boletos and repeated lines out, comparing digits only", () => {
    const steps = planBoletos(
      [
        boleto(1, { amount_cents: null }),
        boleto(2, { digitable_line: "1111 2222" }),
        boleto(3, { digitable_line: "11112222" }),
        boleto(4, { digitable_line: "3333", month_year: "2026-11", due_date: "2026-11-05" }),
      ],
      [],
      new Set(["3333"]),
    );
    expect([...steps.entries()]).toEqual([
      [1, { kind: "incomplete" }],
      [2, { kind: "create" }],
      [3, { kind: "duplicate" }],
      [4, { kind: "duplicate" }],
    ]);
  });

  it("never joins another client's billing", () => {
    const others = { ...billing(7, "2026-10", "2026-10-05"), client_id: 2 };
    expect(planBoletos([boleto(1)], [others], new Set()).get(1)).toEqual({ kind: "create" });
  });
});
