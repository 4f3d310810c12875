import { describe, expect, it } from "vitest";
import { chargesOn } from "#app/models/billing/charges";
import { addDays } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { accrue, allocate, noItems, type OpenBilling } from "./allocation";
import { owedOn } from "./owed";

// The ledger's pure rules at their edges (docs/decisions/0061-rent-ledger.md):
// which debt a credit pays (Código Civil arts. 352-355) and what a late
// billing owes on a day, rounded half-up per charge.

const billing = (
  id: number,
  due_date: string,
  open: Partial<Record<"interest" | "late_fee" | "rent" | "other", number>>,
): OpenBilling => ({
  id,
  due_date,
  open: { ...noItems(), ...Object.fromEntries(Object.entries(open).map(([k, v]) => [k, cents(v)])) },
});

describe("allocate", () => {
  const sep = billing(1, "2026-09-10", { interest: 500, late_fee: 10_000, rent: 100_000 });
  const oct = billing(2, "2026-10-10", { rent: 100_000 });

  it("pays the oldest first and, within it, juros, multa, rent", () => {
    expect(allocate(cents(10_600), [oct, sep])).toEqual({
      allocations: [
        { billingId: 1, item: "interest", cents: 500 },
        { billingId: 1, item: "late_fee", cents: 10_000 },
        { billingId: 1, item: "rent", cents: 100 },
      ],
      left: 0,
    });
  });

  it("pays the billing the payer names first (art. 352), then the oldest", () => {
    expect(allocate(cents(100_001), [sep, oct], 2).allocations).toEqual([
      { billingId: 2, item: "rent", cents: 100_000 },
      { billingId: 1, item: "interest", cents: 1 },
    ]);
  });

  it("leaves what is over as the tenant's credit, and writes no allocation of zero", () => {
    expect(allocate(cents(210_501), [sep, oct])).toEqual({
      allocations: [
        { billingId: 1, item: "interest", cents: 500 },
        { billingId: 1, item: "late_fee", cents: 10_000 },
        { billingId: 1, item: "rent", cents: 100_000 },
        { billingId: 2, item: "rent", cents: 100_000 },
      ],
      left: 1,
    });
    expect(allocate(cents(0), [sep])).toEqual({ allocations: [], left: 0 });
  });

  it("meets two billings due the same day by id", () => {
    const a = billing(7, "2026-10-10", { rent: 50 });
    const b = billing(5, "2026-10-10", { rent: 50 });
    expect(allocate(cents(60), [a, b]).allocations.map((x) => x.billingId)).toEqual([5, 7]);
  });
});

describe("accrue", () => {
  const terms = { grace_until: "2026-10-10", late_fee_bp: 1000, monthly_interest_bp: 100 };
  const fresh = { rentOpen: cents(100_000), lateFeeCharged: false, interestThrough: null };

  it("owes nothing on the due date, the multa and one day of juros the day after", () => {
    expect(accrue(terms, fresh, "2026-10-10")).toEqual({ lateFee: 0, interest: 0, days: 0 });
    // 100000 × 1% × 1/30 = 33,33 centavos → 33.
    expect(accrue(terms, fresh, "2026-10-11")).toEqual({ lateFee: 10_000, interest: 33, days: 1 });
  });

  it("rounds each charge half-up to the centavo: 1,5 goes up to 2, 1,4997 down to 1", () => {
    // 45000 × 1% × 1/30 = 15 exactly; 4500 × 1% × 1/30 = 1,5 → 2.
    expect(accrue(terms, { ...fresh, rentOpen: cents(4_500) }, "2026-10-11").interest).toBe(2);
    expect(accrue(terms, { ...fresh, rentOpen: cents(4_499) }, "2026-10-11").interest).toBe(1);
  });

  it("charges the multa once, and juros only since they were last charged, on the rent still open", () => {
    const after = { rentOpen: cents(60_667), lateFeeCharged: true, interestThrough: "2026-10-30" };
    // 60667 × 1% × 10/30 = 202,22 → 202.
    expect(accrue(terms, after, "2026-11-09")).toEqual({ lateFee: 0, interest: 202, days: 10 });
    expect(accrue(terms, { ...after, rentOpen: cents(0) }, "2026-11-09")).toEqual({ lateFee: 0, interest: 0, days: 0 });
  });
});

describe("owedOn", () => {
  it("is chargesOn for a billing nothing was paid into, any day", () => {
    const b = {
      amount_cents: cents(185_000),
      due_date: "2026-10-10",
      grace_until: "2026-10-10",
      late_fee_bp: 1000,
      monthly_interest_bp: 33,
      open_cents: 185_000,
      rent_open_cents: 185_000,
      accrued_through: null,
    };
    for (let d = -3; d <= 95; d += 7) {
      const day = addDays("2026-10-10", d);
      const { earlier, ...owed } = owedOn(b, day);
      expect(earlier).toBe(0);
      expect(owed).toEqual(chargesOn(b, day));
    }
  });

  it("adds to what stays open the juros since they were last charged", () => {
    const b = {
      amount_cents: cents(100_000),
      due_date: "2026-10-10",
      grace_until: "2026-10-10",
      late_fee_bp: 1000,
      monthly_interest_bp: 100,
      open_cents: 60_667,
      rent_open_cents: 60_667,
      accrued_through: "2026-10-30",
    };
    expect(owedOn(b, "2026-11-09")).toMatchObject({ rent: 60_667, lateFee: 0, interest: 202, total: 60_869, days: 10 });
  });
});
