import { describe, expect, it } from "vitest";
import { billingEnd, contractStatus, formatDay, loginLabel, rentInputValue } from "./status";

describe("contract badge", () => {
  it("is Ativo until the end day included, Prazo indeterminado after", () => {
    expect(contractStatus("2026-11-22", "2026-11-22")).toBe("Ativo");
    expect(contractStatus("2027-01-01", "2026-11-22")).toBe("Ativo");
    expect(contractStatus("2026-11-21", "2026-11-22")).toBe("Prazo indeterminado");
  });
  it("has no badge without an end date", () => {
    expect(contractStatus(null, "2026-11-22")).toBeNull();
  });
  it("is Encerrado once ended, whatever its end date", () => {
    expect(contractStatus("2027-01-01", "2026-11-22", "2026-11-10")).toBe("Encerrado");
    expect(contractStatus("2026-01-01", "2026-11-22", "2025-12-31")).toBe("Encerrado");
    expect(contractStatus(null, "2026-11-22", "2026-11-10")).toBe("Encerrado");
  });
  it("is billed to its end and on (an indefinite term), or to the day it was ended, before or after its end", () => {
    expect(billingEnd("2027-01-31", null)).toEqual({ end: "2027-01-31", open: true });
    expect(billingEnd("2027-01-31", "2026-11-10")).toEqual({ end: "2026-11-10", open: false });
    expect(billingEnd("2026-10-31", "2026-11-10")).toEqual({ end: "2026-11-10", open: false });
    expect(billingEnd(null, "2026-11-10")).toEqual({ end: "2026-11-10", open: false });
    expect(billingEnd(null, null)).toBeNull();
  });
  it("says whether the client has a login", () => {
    expect(loginLabel(null)).toBe("Sem Login");
    expect(loginLabel(3)).toBe("Com Login");
  });
});

describe("display", () => {
  it("shows a day as dd/MM/yyyy without moving it across time zones", () => {
    expect(formatDay("2026-01-01")).toBe("01/01/2026");
    expect(formatDay(null)).toBe("");
  });
  it("shows the rent as the input takes it", () => {
    expect(rentInputValue(125000)).toBe("1.250,00");
    expect(rentInputValue(98050)).toBe("980,50");
    expect(rentInputValue(null)).toBe("");
  });
});
