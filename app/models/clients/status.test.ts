import { describe, expect, it } from "vitest";
import { contractStatus, loginLabel } from "./status";

describe("contract badge", () => {
  it("is Ativo until the end day included, Vencido after", () => {
    expect(contractStatus("2026-11-22", "2026-11-22")).toBe("Ativo");
    expect(contractStatus("2027-01-01", "2026-11-22")).toBe("Ativo");
    expect(contractStatus("2026-11-21", "2026-11-22")).toBe("Vencido");
  });
  it("has no badge without an end date", () => {
    expect(contractStatus(null, "2026-11-22")).toBeNull();
  });
  it("says whether the client has a login", () => {
    expect(loginLabel(null)).toBe("Sem Login");
    expect(loginLabel(3)).toBe("Com Login");
  });
});
