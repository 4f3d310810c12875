import { describe, expect, it } from "vitest";
import { formatInt, TIME_ZONE } from "./format";
import { formatDate, formatDateTime } from "./format-date";

describe("dates in the agency time zone", () => {
  it("uses America/Campo_Grande", () => {
    expect(TIME_ZONE).toBe("America/Campo_Grande");
  });

  it("formatDate shifts to UTC-4", () => {
    expect(formatDate("2026-01-01T02:00:00Z")).toBe("31/12/2025");
    expect(formatDate("2026-01-01T04:00:00Z")).toBe("01/01/2026");
    expect(formatDate(new Date("2025-07-15T12:00:00Z"))).toBe("15/07/2025");
  });

  it("formatDateTime is dd/MM/yyyy HH:mm", () => {
    expect(formatDateTime("2026-01-01T02:00:00Z")).toBe("31/12/2025 22:00");
    expect(formatDateTime("2026-01-01T04:05:00Z")).toBe("01/01/2026 00:05");
    expect(formatDateTime(new Date("2025-03-09T17:30:00Z"))).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(formatDateTime(new Date("2025-03-09T17:30:00Z"))).toBe("09/03/2025 13:30");
  });
});

describe("formatInt", () => {
  it("groups thousands with dots", () => {
    expect(formatInt(1234567)).toBe("1.234.567");
  });
});
