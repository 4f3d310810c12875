import { describe, expect, it } from "vitest";
import { formatBRL, formatInt, formatPrice, reaisDecimal, SOB_CONSULTA, TIME_ZONE } from "./format";
import { formatDate, formatDateTime } from "./format-date";
import { parseBRL } from "./parse-brl";

describe("formatPrice", () => {
  it("formats centavos as BRL with a plain space", () => {
    expect(formatPrice(125000000)).toBe("R$ 1.250.000,00");
    expect(formatPrice(125000)).toBe("R$ 1.250,00");
    expect(formatPrice(5)).toBe("R$ 0,05");
    expect(formatBRL(125050)).toBe("R$ 1.250,50");
    expect(formatPrice(125000)).not.toContain("\u00a0");
  });

  it("shows SOB CONSULTA for missing prices", () => {
    expect(formatPrice(null)).toBe("SOB CONSULTA");
    expect(formatPrice(undefined)).toBe(SOB_CONSULTA);
    expect(formatPrice(Number.NaN)).toBe(SOB_CONSULTA);
  });
});

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

describe("parseBRL", () => {
  it.each([
    ["450.000,00", 45000000],
    ["450000", 45000000],
    ["R$ 1.250,5", 125050],
    ["r$1.250,50", 125050],
    ["450000.00", 45000000],
    ["  350.000,00  ", 35000000],
    ["0,99", 99],
  ])("%j → %i centavos", (input, cents) => {
    expect(parseBRL(input)).toBe(cents);
  });

  it.each(["SOB CONSULTA", "sob consulta", "  Sob Consulta "])("%j → null", (input) => {
    expect(parseBRL(input)).toBeNull();
  });

  it.each(["abc", "4.50.000", "", "1,234", "-100", "12.34.56", "R$", "450.000,00 reais"])("%j → undefined", (input) => {
    expect(parseBRL(input)).toBeUndefined();
  });

  it("refuses amounts beyond safe integers", () => {
    expect(parseBRL("99999999999999999999")).toBeUndefined();
  });
});

describe("parseBRL limits", () => {
  it("refuses a price too large to store exactly", () => {
    expect(parseBRL("9999999999999999999999.99")).toBeUndefined();
    expect(parseBRL("9999999999999999999999,99")).toBeUndefined();
  });
});

describe("reaisDecimal", () => {
  it("writes centavos as reais with a dot, exactly, at the edges", () => {
    expect(reaisDecimal(1)).toBe("0.01");
    expect(reaisDecimal(99)).toBe("0.99");
    expect(reaisDecimal(100)).toBe("1.00");
    expect(reaisDecimal(125050)).toBe("1250.50");
    expect(reaisDecimal(1_000_000_000_01)).toBe("1000000000.01");
  });

  it("drops the cents of a whole amount when asked", () => {
    expect(reaisDecimal(35_000_000, { whole: true })).toBe("350000");
    expect(reaisDecimal(35_000_050, { whole: true })).toBe("350000.50");
  });
});
