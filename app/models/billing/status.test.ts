import { describe, expect, it } from "vitest";
import { BILLING_STATUS_OPTIONS, billingStatusLabel, effectiveStatus } from "./status";

describe("billing status", () => {
  it("names the spec's statuses and shows an unknown one raw", () => {
    expect(["pending", "paid", "overdue"].map(billingStatusLabel)).toEqual(["Pendente", "Pago", "Em Atraso"]);
    expect(billingStatusLabel("refunded")).toBe("refunded");
    expect(billingStatusLabel("toString")).toBe("toString");
    expect(BILLING_STATUS_OPTIONS.map((o) => o.label)).toEqual(["Pendente", "Pago", "Em Atraso"]);
  });

  it("reads a pending billing past its due date as overdue; due today is not overdue", () => {
    expect(effectiveStatus("pending", "2026-10-04", "2026-10-05")).toBe("overdue");
    expect(effectiveStatus("pending", "2026-10-05", "2026-10-05")).toBe("pending");
    expect(effectiveStatus("pending", "2026-10-06", "2026-10-05")).toBe("pending");
  });

  it("leaves paid and stored overdue billings as they are", () => {
    expect(effectiveStatus("paid", "2020-01-01", "2026-10-05")).toBe("paid");
    expect(effectiveStatus("overdue", "2030-01-01", "2026-10-05")).toBe("overdue");
  });
});
