import { describe, expect, it } from "vitest";
import { addDays, daysBetween, localToday } from "#app/models/shared/days";
import { cents, roundHalfUp } from "#app/models/shared/money";
import { chargesOn, daysOverdue, formatPercent, interestLabel, isIssued, lateFeeLabel, percentToBp } from "./charges";

const terms = (amount: number, due_date = "2026-03-10", late_fee_bp = 1000, monthly_interest_bp = 100) => ({
  amount_cents: cents(amount),
  due_date,
  grace_until: due_date,
  late_fee_bp,
  monthly_interest_bp,
});

describe("overdue days", () => {
  it("counts calendar days across month and year ends", () => {
    expect(daysBetween("2026-01-31", "2026-03-01")).toBe(29);
    expect(daysBetween("2028-01-31", "2028-03-01")).toBe(30); // leap year
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysOverdue("2026-03-10", "2026-03-10")).toBe(0);
    expect(daysOverdue("2026-03-10", "2026-03-01")).toBe(0);
    expect(addDays("2026-02-20", 20)).toBe("2026-03-12");
  });

  it("turns at midnight in Campo Grande (UTC-4), not at midnight UTC", () => {
    const due = "2026-01-31";
    expect(daysOverdue(due, localToday(new Date("2026-02-01T03:59:59Z")))).toBe(0);
    expect(daysOverdue(due, localToday(new Date("2026-02-01T04:00:00Z")))).toBe(1);
  });
});

describe("multa and juros", () => {
  it("owes the rent alone on the due date", () => {
    expect(chargesOn(terms(160_000), "2026-03-10")).toMatchObject({ days: 0, lateFee: 0, interest: 0, total: 160_000 });
  });

  it("adds 10% and 1% a month pro rata from the first day late", () => {
    // R$ 1.500,00, 12 days: multa 150,00; juros 1500 × 1% × 12/30 = 6,00.
    expect(chargesOn(terms(150_000), "2026-03-22")).toMatchObject({
      days: 12,
      rent: 150_000,
      lateFee: 15_000,
      interest: 600,
      total: 165_600,
    });
  });

  it("rounds each item half-up to the centavo", () => {
    // 1,05 × 10% = 0,105 → 0,11 (half-up); 1,05 × 1% × 15/30 = 0,00525 → 0,01.
    expect(chargesOn(terms(105), "2026-03-25")).toMatchObject({ lateFee: 11, interest: 1, total: 117 });
    // 1,04 × 10% = 0,104 → 0,10; 0,01 × 1% × 1/30 → 0.
    expect(chargesOn(terms(104), "2026-03-11").lateFee).toBe(10);
    expect(chargesOn(terms(1), "2026-03-11")).toMatchObject({ lateFee: 0, interest: 0, total: 1 });
    // 1.000,00 × 1% × 15/30 = 5,00 exactly; × 1/30 = 0,3333 → 0,33; × 2/30 = 0,6666 → 0,67.
    expect(chargesOn(terms(100_000), "2026-03-25").interest).toBe(500);
    expect(chargesOn(terms(100_000), "2026-03-11").interest).toBe(33);
    expect(chargesOn(terms(100_000), "2026-03-12").interest).toBe(67);
  });

  it("stays exact for the largest amount over years", () => {
    const c = chargesOn(terms(1_000_000_000, "2016-03-10", 2000, 1000), "2026-03-10");
    expect(c.days).toBe(3652);
    expect(c.lateFee).toBe(200_000_000);
    // 10.000.000,00 × 10% × 3652/30 = 121.733.333,33…
    expect(c.interest).toBe(12_173_333_333);
  });

  it("charges nothing with zero rates", () => {
    expect(chargesOn(terms(150_000, "2026-03-10", 0, 0), "2026-04-10").total).toBe(150_000);
  });

  it("rounds half-up, never to even", () => {
    expect(roundHalfUp(5n, 10n)).toBe(1);
    expect(roundHalfUp(25n, 10n)).toBe(3);
    expect(roundHalfUp(4n, 10n)).toBe(0);
  });
});

describe("percent fields", () => {
  it("reads percent as basis points and writes it back", () => {
    expect(percentToBp("10")).toBe(1000);
    expect(percentToBp("2,5")).toBe(250);
    expect(percentToBp("0.33")).toBe(33);
    expect(percentToBp("1,234")).toBeNull();
    expect(percentToBp("dez")).toBeNull();
    expect(formatPercent(1000)).toBe("10");
    expect(formatPercent(250)).toBe("2,5");
    expect(formatPercent(33)).toBe("0,33");
    expect(lateFeeLabel(250)).toBe("Multa (2,5%)");
    expect(interestLabel(1)).toBe("Juros (1 dia)");
    expect(interestLabel(12)).toBe("Juros (12 dias)");
  });
});

describe("issue window", () => {
  it("issues a billing from 20 days before its due date", () => {
    expect(isIssued("2026-03-30", "2026-03-10", 20)).toBe(true);
    expect(isIssued("2026-03-31", "2026-03-10", 20)).toBe(false);
    expect(isIssued("2025-01-05", "2026-03-10", 20)).toBe(true);
  });
});
