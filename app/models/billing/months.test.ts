import { describe, expect, it } from "vitest";
import { daysInMonth, monthOf } from "#app/models/shared/days";
import { billedThrough, rentForDays, contractMonthsToBill, dueDateFor, periodLabel, proRataNote } from "./months";
import { cents } from "#app/models/shared/money";

describe("due dates", () => {
  it("clamps the due day to the month's length", () => {
    expect(dueDateFor("2026-02", 31)).toBe("2026-02-28");
    expect(dueDateFor("2028-02", 31)).toBe("2028-02-29");
    expect(dueDateFor("2026-04", 31)).toBe("2026-04-30");
    expect(dueDateFor("2026-01", 31)).toBe("2026-01-31");
    expect(dueDateFor("2026-10", 5)).toBe("2026-10-05");
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("refuses a month that is not one", () => {
    expect(() => dueDateFor("2026-13", 5)).toThrow();
    expect(() => dueDateFor("x", 5)).toThrow();
  });

  it("takes the reference month of a day", () => {
    expect(monthOf("2026-10-05")).toBe("2026-10");
  });
});

describe("period label", () => {
  it("names the month in Portuguese with its year", () => {
    expect(periodLabel("2026-10")).toBe("outubro de 2026");
    expect(periodLabel("2027-03")).toBe("março de 2027");
    expect(periodLabel("2026-01")).toBe("janeiro de 2026");
  });
  it("shows anything else as it is", () => {
    expect(periodLabel("2026-13")).toBe("2026-13");
    expect(periodLabel("")).toBe("");
  });
});

describe("contract months to bill", () => {
  const terms = {
    start: "2026-01-01",
    end: "2028-06-30",
    dueDay: 10,
    rent: cents(125000),
    firstMonth: "full" as const,
  };

  it("bills each month of a 30-month contract, the start month included, with the rent", () => {
    const planned = contractMonthsToBill(terms);
    expect(planned).toHaveLength(30);
    expect(planned[0]).toMatchObject({ month_year: "2026-01", due_date: "2026-01-10", amount_cents: cents(125000) });
    expect(planned[29]).toMatchObject({ month_year: "2028-06", due_date: "2028-06-10", amount_cents: cents(125000) });
  });

  it("counts 30 months from the 15th to the 14th too, and 12 for a year", () => {
    expect(contractMonthsToBill({ ...terms, start: "2026-01-15", end: "2028-07-14" })).toHaveLength(30);
    expect(contractMonthsToBill({ ...terms, start: "2026-03-01", end: "2027-02-28" })).toHaveLength(12);
    // A contract starting on the 31st still counts February (the 28th is its month-day).
    const fromThe31st = contractMonthsToBill({ ...terms, start: "2026-01-31", end: "2026-04-30" });
    expect(fromThe31st.map((p) => p.month_year)).toEqual(["2026-01", "2026-02", "2026-03", "2026-04"]);
  });

  it("bills the start month of a contract shorter than a month", () => {
    expect(contractMonthsToBill({ ...terms, start: "2026-05-20", end: "2026-05-31" }).map((p) => p.month_year)).toEqual(
      ["2026-05"],
    );
  });

  it("clamps day 31 in February and in 30-day months", () => {
    const planned = contractMonthsToBill({ ...terms, end: "2026-12-31", dueDay: 31, rent: cents(100) });
    expect(planned.map((p) => p.due_date)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
      "2026-07-31",
      "2026-08-31",
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
    ]);
  });

  it("skips the months already billed, so a second run plans nothing", () => {
    const first = contractMonthsToBill(terms, ["2026-03", "2027-01"]);
    expect(first).toHaveLength(28);
    expect(first.map((p) => p.month_year)).not.toContain("2026-03");
    expect(contractMonthsToBill(terms, [...first.map((p) => p.month_year), "2026-03", "2027-01"])).toEqual([]);
  });

  it("plans only the months within `from` and `to`, the same months as without", () => {
    const all = contractMonthsToBill(terms);
    expect(contractMonthsToBill(terms, [], { from: "2027-04" })).toEqual(all.filter((p) => p.month_year >= "2027-04"));
    expect(contractMonthsToBill(terms, [], { to: "2026-03" })).toEqual(all.filter((p) => p.month_year <= "2026-03"));
    expect(
      contractMonthsToBill(terms, ["2027-05"], { from: "2027-04", to: "2027-06" }).map((p) => p.month_year),
    ).toEqual(["2027-04", "2027-06"]);
    // Before the start: every month; past the end: none.
    expect(contractMonthsToBill(terms, [], { from: "2020-01" })).toEqual(all);
    expect(contractMonthsToBill(terms, [], { from: "2030-01" })).toEqual([]);
    // A contract from the 31st: February's month-day is still its 28th.
    const fromThe31st = { ...terms, start: "2026-01-31", end: "2026-04-30" };
    expect(contractMonthsToBill(fromThe31st, [], { from: "2026-02" }).map((p) => p.month_year)).toEqual([
      "2026-02",
      "2026-03",
      "2026-04",
    ]);
  });

  it("plans nothing for an end before the start or a date that is not one", () => {
    expect(contractMonthsToBill({ ...terms, start: "2026-05-01", end: "2026-04-30" })).toEqual([]);
    expect(contractMonthsToBill({ ...terms, start: "01/05/2026" })).toEqual([]);
  });
});

// Decision 0066: the first and last months by days, and no billing due before the lease starts.
describe("first and last months", () => {
  const lease = { start: "2026-11-15", end: "2027-02-14", dueDay: 5, rent: cents(150_000) };

  it("bills the issue's contract by calendar month: 16 of 30 days, the whole months, 14 of 28 days", () => {
    const planned = contractMonthsToBill({ ...lease, firstMonth: "pro_rata" });
    expect(planned).toEqual([
      // Due on the 5th, before the start: the 5th of the next month.
      {
        month_year: "2026-11",
        due_date: "2026-12-05",
        amount_cents: 80_000,
        period_start: "2026-11-15",
        period_end: "2026-11-30",
        period_days: 30,
      },
      {
        month_year: "2026-12",
        due_date: "2026-12-05",
        amount_cents: 150_000,
        period_start: "2026-12-01",
        period_end: "2026-12-31",
        period_days: 31,
      },
      {
        month_year: "2027-01",
        due_date: "2027-01-05",
        amount_cents: 150_000,
        period_start: "2027-01-01",
        period_end: "2027-01-31",
        period_days: 31,
      },
      {
        month_year: "2027-02",
        due_date: "2027-02-05",
        amount_cents: 75_000,
        period_start: "2027-02-01",
        period_end: "2027-02-14",
        period_days: 28,
      },
    ]);
    expect(planned.every((p) => p.due_date >= lease.start)).toBe(true);
  });

  it("bills the rest of the last month once a renewal moves the end past it, and nothing twice", () => {
    const billed = billedThrough(
      contractMonthsToBill({ ...lease, firstMonth: "pro_rata" }).map((p) => ({
        month_year: p.month_year,
        period_end: p.period_end,
      })),
    );
    // Renewed to 14/05/2027: February's 15-28 (14 of 28 days, due 05/03, not before the 15th), March, April, 1-14 May.
    const renewed = contractMonthsToBill({ ...lease, end: "2027-05-14", firstMonth: "pro_rata" }, billed);
    expect(renewed.map((p) => [p.month_year, p.period_start, p.period_end, p.due_date, p.amount_cents])).toEqual([
      ["2027-02", "2027-02-15", "2027-02-28", "2027-03-05", 75_000],
      ["2027-03", "2027-03-01", "2027-03-31", "2027-03-05", 150_000],
      ["2027-04", "2027-04-01", "2027-04-30", "2027-04-05", 150_000],
      ["2027-05", "2027-05-01", "2027-05-14", "2027-05-05", 67_742],
    ]);
    const all = [...billed.entries()].map(([month_year, period_end]) => ({ month_year, period_end }));
    const after = billedThrough([
      ...all,
      ...renewed.map((p) => ({ month_year: p.month_year, period_end: p.period_end })),
    ]);
    expect(contractMonthsToBill({ ...lease, end: "2027-05-14", firstMonth: "pro_rata" }, after)).toEqual([]);
  });

  it("bills whole months from the anniversary when the lease says so, never due before the start", () => {
    const planned = contractMonthsToBill({ ...lease, firstMonth: "full" });
    expect(planned.map((p) => [p.due_date, p.amount_cents, p.period_start, p.period_end])).toEqual([
      ["2026-12-05", 150_000, "2026-11-15", "2026-12-14"],
      ["2026-12-05", 150_000, "2026-12-15", "2027-01-14"],
      ["2027-01-05", 150_000, "2027-01-15", "2027-02-14"],
    ]);
    // Ending six days into a fourth month: those days of its 28 (15/02 to 14/03).
    const longer = contractMonthsToBill({ ...lease, end: "2027-02-20", firstMonth: "full" });
    expect(longer.at(-1)).toMatchObject({ period_start: "2027-02-15", period_end: "2027-02-20", period_days: 28 });
    expect(longer.at(-1)!.amount_cents).toBe(32_143); // 1500 × 6/28 = 321,428… → 321,43
  });

  it("counts February's days in leap and common years, and a month's last day alone", () => {
    const feb = (start: string, end: string) =>
      contractMonthsToBill({ start, end, dueDay: 10, rent: cents(100_000), firstMonth: "pro_rata" })[0];
    expect(feb("2027-02-15", "2027-06-30")).toMatchObject({ amount_cents: 50_000, period_days: 28 }); // 14/28
    expect(feb("2028-02-15", "2028-06-30")).toMatchObject({ amount_cents: 51_724, period_days: 29 }); // 15/29 = 517,241…
    expect(feb("2026-01-31", "2026-06-30")).toMatchObject({ amount_cents: 3_226, due_date: "2026-02-10" }); // 1/31 = 32,258…
    expect(feb("2026-03-01", "2026-06-30")).toMatchObject({ amount_cents: 100_000, due_date: "2026-03-10" });
  });

  it("bills a lease shorter than a month by its days only", () => {
    const planned = contractMonthsToBill({
      start: "2026-05-20",
      end: "2026-05-31",
      dueDay: 25,
      rent: cents(31_000),
      firstMonth: "pro_rata",
    });
    expect(planned).toEqual([
      {
        month_year: "2026-05",
        due_date: "2026-05-25",
        amount_cents: 12_000,
        period_start: "2026-05-20",
        period_end: "2026-05-31",
        period_days: 31,
      },
    ]);
  });

  it("rounds half up at the centavo", () => {
    expect(rentForDays(cents(100_001), 15, 30)).toBe(50_001); // 500,005 → 500,01
    expect(rentForDays(cents(99_999), 15, 30)).toBe(50_000); // 499,995 → 500,00
    expect(rentForDays(cents(99_999), 30, 30)).toBe(99_999);
  });
});

describe("pro rata note", () => {
  it("names the days of a partial month and nothing for a whole one", () => {
    expect(proRataNote({ period_start: "2026-11-15", period_end: "2026-11-30", period_days: 30 })).toBe(
      "16 de 30 dias (15/11 a 30/11)",
    );
    expect(proRataNote({ period_start: "2026-12-01", period_end: "2026-12-31", period_days: 31 })).toBeNull();
    expect(proRataNote({ period_start: null, period_end: null, period_days: null })).toBeNull();
  });
});

// Decision 0066: past its end and not ended, a lease runs on (Lei 8.245 arts. 46-47).
describe("an indefinite term", () => {
  const lease = { start: "2026-11-15", end: "2027-02-14", dueDay: 5, rent: cents(150_000) };

  it("bills the rest of the term's last month and the months after, due by the day asked", () => {
    const term = contractMonthsToBill({ ...lease, firstMonth: "pro_rata" });
    const billed = billedThrough(term);
    const more = contractMonthsToBill({ ...lease, firstMonth: "pro_rata", open: true }, billed, {
      continueUntil: "2027-03-20",
    });
    expect(more).toEqual([
      // 15-28/02: 14 of 28 days; due on the 5th, not before its first day: 05/03.
      {
        month_year: "2027-02",
        due_date: "2027-03-05",
        amount_cents: 75_000,
        period_start: "2027-02-15",
        period_end: "2027-02-28",
        period_days: 28,
      },
      {
        month_year: "2027-03",
        due_date: "2027-03-05",
        amount_cents: 150_000,
        period_start: "2027-03-01",
        period_end: "2027-03-31",
        period_days: 31,
      },
    ]);
    // Asked again with them billed: nothing more.
    expect(
      contractMonthsToBill({ ...lease, firstMonth: "pro_rata", open: true }, billedThrough([...term, ...more]), {
        continueUntil: "2027-03-20",
      }),
    ).toEqual([]);
  });

  it("goes on by anniversaries for a lease of whole months, and not at all once ended", () => {
    const terms = { ...lease, firstMonth: "full" as const };
    const billed = billedThrough(contractMonthsToBill(terms));
    const more = contractMonthsToBill({ ...terms, open: true }, billed, { continueUntil: "2027-03-20" });
    expect(more.map((p) => [p.month_year, p.period_start, p.period_end, p.amount_cents])).toEqual([
      ["2027-02", "2027-02-15", "2027-03-14", 150_000],
      ["2027-03", "2027-03-15", "2027-04-14", 150_000],
    ]);
    expect(contractMonthsToBill({ ...terms, open: false }, billed, { continueUntil: "2027-03-20" })).toEqual([]);
  });

  it("plans the term's last days and the rest of that month together when neither was billed", () => {
    const more = contractMonthsToBill({ ...lease, firstMonth: "pro_rata", open: true }, new Map(), {
      from: "2027-02",
      continueUntil: "2027-03-06",
    });
    expect(more.map((p) => [p.period_start, p.period_end, p.due_date, p.amount_cents])).toEqual([
      ["2027-02-01", "2027-02-14", "2027-02-05", 75_000],
      ["2027-02-15", "2027-02-28", "2027-03-05", 75_000],
      ["2027-03-01", "2027-03-31", "2027-03-05", 150_000],
    ]);
  });
});
