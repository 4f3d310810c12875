import { describe, expect, it } from "vitest";
import { cents } from "#app/models/shared/money";
import { terminationFine, unusedRent } from "./settlement";

// Lei 8.245 art. 4: the agreed fine, proportional to the term left.
describe("terminationFine", () => {
  const lease = { rentCents: cents(150_000), fineRents: 3, start: "2026-01-01", end: "2028-12-31", exempt: false };

  it("is the agreed rents times the days left over the term's days", () => {
    // 1,096 days of term; returned on 31/12/2027: 366 days left (2028 is a leap year).
    expect(terminationFine({ ...lease, returnedOn: "2027-12-31" })).toEqual({
      fineCents: 150_274, // 4.500,00 × 366 / 1.096 = 1.502,737… → 1.502,74
      remainingDays: 366,
      termDays: 1096,
    });
  });

  it("is nothing at the end or after it, when waived (employer transfer), or with no fine agreed", () => {
    expect(terminationFine({ ...lease, returnedOn: "2028-12-31" }).fineCents).toBe(0);
    expect(terminationFine({ ...lease, returnedOn: "2029-02-01" }).fineCents).toBe(0);
    expect(terminationFine({ ...lease, returnedOn: "2027-06-30", exempt: true }).fineCents).toBe(0);
    expect(terminationFine({ ...lease, returnedOn: "2027-06-30", fineRents: 0 }).fineCents).toBe(0);
  });

  it("is almost the whole fine returned the day after the start, and rounds half-up", () => {
    expect(terminationFine({ ...lease, returnedOn: "2026-01-01" })).toMatchObject({
      fineCents: 449_589, // 4.500,00 × 1.095 / 1.096 = 4.495,894… → 4.495,89
      remainingDays: 1095,
    });
    // 100,00 × 1 × 1 / 8 = 12,5 → 13 centavos.
    const week = { rentCents: cents(100), fineRents: 1, start: "2026-03-01", end: "2026-03-08", exempt: false };
    expect(terminationFine({ ...week, returnedOn: "2026-03-07" }).fineCents).toBe(13);
  });
});

describe("unusedRent", () => {
  const november = {
    amount_cents: cents(150_000),
    month_year: "2026-11",
    period_start: "2026-11-01",
    period_end: "2026-11-30",
  };

  it("is the days after the return in the billed period, pro rata", () => {
    // Returned on 10/11: 20 of 30 days unused.
    expect(unusedRent(november, "2026-11-10")).toEqual({ days: 20, cents: 100_000 });
    expect(unusedRent(november, "2026-11-30")).toEqual({ days: 0, cents: 0 });
    expect(unusedRent(november, "2026-12-15")).toEqual({ days: 0, cents: 0 });
  });

  it("is the whole billing when its period starts after the return", () => {
    expect(unusedRent(november, "2026-10-31")).toEqual({ days: 30, cents: 150_000 });
  });

  it("reads a billing without a period as its calendar month, February included", () => {
    const feb = { amount_cents: cents(140_000), month_year: "2027-02", period_start: null, period_end: null };
    expect(unusedRent(feb, "2027-02-14")).toEqual({ days: 14, cents: 70_000 });
  });

  it("prorates a pro rata billing over its own days", () => {
    // 16 days billed (15-30/11) for 800,00; returned on 22/11: 8 days unused.
    const first = {
      amount_cents: cents(80_000),
      month_year: "2026-11",
      period_start: "2026-11-15",
      period_end: "2026-11-30",
    };
    expect(unusedRent(first, "2026-11-22")).toEqual({ days: 8, cents: 40_000 });
  });
});
