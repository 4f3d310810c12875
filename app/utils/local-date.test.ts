import { describe, expect, it } from "vitest";
import { localDayStartUtc, localToday, nextDay, parseLocalDay } from "./local-date";

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
    expect(nextDay("2024-02-28")).toBe("2024-02-29");
    expect(nextDay("2024-12-31")).toBe("2025-01-01");
  });
});
