import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  addMonthsToDay,
  businessDaysAfter,
  daysBetween,
  daysInMonth,
  isBusinessDay,
  localDayStartUtc,
  localToday,
  parseLocalDay,
} from "./days";

describe("parseLocalDay", () => {
  it("reads dd/MM/yyyy and yyyy-MM-dd", () => {
    expect(parseLocalDay("31/01/2025")).toBe("2025-01-31");
    expect(parseLocalDay(" 1/2/2025 ")).toBe("2025-02-01");
    expect(parseLocalDay("2025-01-31")).toBe("2025-01-31");
  });

  it("refuses days that do not exist and anything else", () => {
    for (const text of ["30/02/2025", "2025-13-01", "2025-1-1", "31-01-2025", "", "ontem", "01/01/1800"])
      expect(parseLocalDay(text), text).toBeNull();
  });
});

describe("days in America/Campo_Grande", () => {
  it("starts a day at 04:00 UTC (UTC-4, no daylight saving since 2019)", () => {
    expect(localDayStartUtc("2025-03-10")).toBe("2025-03-10T04:00:00.000Z");
  });

  it("handles the old daylight-saving switches at midnight", () => {
    // 2018-11-04: 00:00 jumped to 01:00 (-03); the day began at 01:00.
    expect(localDayStartUtc("2018-11-04")).toBe("2018-11-04T04:00:00.000Z");
    expect(localDayStartUtc("2018-12-01")).toBe("2018-12-01T03:00:00.000Z");
    // 2019-02-17: 00:00 (-03) went back to 23:00 of the 16th; the 17th began at 00:00 -04.
    expect(localDayStartUtc("2019-02-17")).toBe("2019-02-17T04:00:00.000Z");
  });

  it("knows which day it is there", () => {
    expect(localToday(new Date("2025-03-11T03:59:00Z"))).toBe("2025-03-10");
    expect(localToday(new Date("2025-03-11T04:00:00Z"))).toBe("2025-03-11");
  });

  it("counts days across months and years", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
  });
});

describe("counting days", () => {
  it("counts calendar days, across leap years", () => {
    expect(daysBetween("2026-01-31", "2026-03-01")).toBe(29);
    expect(daysBetween("2028-01-31", "2028-03-01")).toBe(30);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("adds months clamped to the month's end", () => {
    expect(addMonths("2026-11", 3)).toBe("2027-02");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonthsToDay("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonthsToDay("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonthsToDay("2025-03-31", -1)).toBe("2025-02-28");
    expect(daysInMonth(2100, 2)).toBe(28);
  });

  it("counts business days, skipping weekends and the holidays given", () => {
    // 2026-11-20 (Friday) is Consciência Negra, national since Lei 14.759/2023.
    const holidays = new Set(["2026-11-20"]);
    expect(businessDaysAfter("2026-11-19", 1)).toBe("2026-11-20");
    expect(businessDaysAfter("2026-11-19", 1, holidays)).toBe("2026-11-23");
    expect(businessDaysAfter("2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    expect(businessDaysAfter("2026-11-27", 5)).toBe("2026-12-04");
    // A term ending on a Saturday moves to the next business day.
    expect(businessDaysAfter("2026-11-28", 0)).toBe("2026-11-30");
    expect(businessDaysAfter("2026-11-26", 0)).toBe("2026-11-26");
    expect(isBusinessDay("2026-11-20", holidays)).toBe(false);
    expect(() => businessDaysAfter("2026-11-26", -1)).toThrow(RangeError);
  });
});
