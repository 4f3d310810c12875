import { describe, expect, it } from "vitest";
import { billedUntil, contractStatus, formatDay, loginLabel, rentInputValue } from "./status";

describe("contract badge", () => {
  it("is Ativo until the end day included, Vencido after", () => {
    expect(contractStatus("2026-11-22", "2026-11-22")).toBe("Ativo");
    expect(contractStatus("2027-01-01", "2026-11-22")).toBe("Ativo");
    expect(contractStatus("2026-11-21", "2026-11-22")).toBe("Vencido");
  });
  it("has no badge without an end date", () => {
    expect(contractStatus(null, "2026-11-22")).toBeNull();
  });
  it("is Encerrado once ended, whatever its end date", () => {
    expect(contractStatus("2027-01-01", "2026-11-22", "2026-11-10")).toBe("Encerrado");
    expect(contractStatus("2026-01-01", "2026-11-22", "2025-12-31")).toBe("Encerrado");
    expect(contractStatus(null, "2026-11-22", "2026-11-10")).toBe("Encerrado");
  });
  it("is billed until its end, or the day it was ended when earlier", () => {
    expect(billedUntil("2027-01-31", null)).toBe("2027-01-31");
    expect(billedUntil("2027-01-31", "2026-11-10")).toBe("2026-11-10");
    expect(billedUntil("2026-10-31", "2026-11-10")).toBe("2026-10-31");
    expect(billedUntil(null, "2026-11-10")).toBe("2026-11-10");
    expect(billedUntil(null, null)).toBeNull();
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
