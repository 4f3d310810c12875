import { describe, expect, it } from "vitest";
import { chargesOn } from "#app/models/billing/charges";
import { cents } from "#app/models/shared/money";
import { graceUntil } from "./grace";

// Decision 0066: a due date on a weekend or holiday is paid the next business
// day without multa or juros (Código Civil art. 132 §1º; Lei 7.089/1983).
// The days as the 2026-2028 table holds them (migrations/data).
const holidays = new Set(["2026-12-25", "2026-12-31", "2027-01-01", "2027-02-08", "2027-02-09", "2027-03-26"]);

describe("grace day", () => {
  it("keeps a business day and moves a weekend to Monday", () => {
    expect(graceUntil("2026-11-27", holidays)).toBe("2026-11-27"); // Friday
    expect(graceUntil("2026-11-28", holidays)).toBe("2026-11-30"); // Saturday
    expect(graceUntil("2026-11-29", holidays)).toBe("2026-11-30"); // Sunday
  });

  it("crosses a holiday, a weekend and the year's end together", () => {
    expect(graceUntil("2026-12-25", holidays)).toBe("2026-12-28"); // Christmas on a Friday
    // 31/12 (banks closed) Thursday, 01/01 Friday, then the weekend: Monday 04/01.
    expect(graceUntil("2026-12-31", holidays)).toBe("2027-01-04");
    // Carnival: Saturday to Tuesday, paid on Ash Wednesday.
    expect(graceUntil("2027-02-06", holidays)).toBe("2027-02-10");
    expect(graceUntil("2027-03-26", holidays)).toBe("2027-03-29"); // Good Friday
  });

  it("charges nothing when paid on the grace day, and counts late days from it", () => {
    const terms = { amount_cents: cents(100_000), due_date: "2026-11-28", late_fee_bp: 1000, monthly_interest_bp: 100 };
    const grace_until = graceUntil(terms.due_date, holidays);
    expect(chargesOn({ ...terms, grace_until }, "2026-11-30")).toMatchObject({ days: 0, total: 100_000 });
    // Tuesday: one day late, multa 100,00 and juros 1000 × 1% × 1/30 = 0,33.
    expect(chargesOn({ ...terms, grace_until }, "2026-12-01")).toMatchObject({
      days: 1,
      lateFee: 10_000,
      interest: 33,
    });
  });
});
