import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BILLING_MESSAGES, billingStatusSchema, newBillingSchema } from "./billing.schema";

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
}

const base = { client_id: "7", month_year: "2026-10", amount: "1.250,00", due_date: "2026-10-05" };
const parse = (values: Record<string, string>) =>
  parseWithZod(form({ ...base, ...values }), { schema: newBillingSchema });
const errorOf = (values: Record<string, string>, field: string) => {
  const s = parse(values);
  return s.status === "success" ? undefined : s.error?.[field]?.[0];
};

describe("Nova Cobrança", () => {
  it("reads the month, the amount in reais and the due date", () => {
    const ok = parse({});
    expect(ok.status === "success" && ok.value).toEqual({
      client_id: 7,
      month_year: "2026-10",
      amount: 125000,
      due_date: "2026-10-05",
    });
    const typed = parse({ month_year: "3/2027", due_date: "05/03/2027", amount: "R$ 980,5" });
    expect(typed.status === "success" && typed.value).toMatchObject({
      month_year: "2027-03",
      due_date: "2027-03-05",
      amount: 98050,
    });
  });

  it("says what is wrong beside each field", () => {
    expect(errorOf({ amount: "abc" }, "amount")).toBe(BILLING_MESSAGES.amount);
    expect(errorOf({ amount: "0" }, "amount")).toBe(BILLING_MESSAGES.amount);
    // The ceiling, at its edge, and the probe's value.
    expect(parse({ amount: "10.000.000,00" }).status).toBe("success");
    expect(errorOf({ amount: "10.000.000,01" }, "amount")).toBe("Informe um valor de até R$ 10.000.000,00.");
    expect(errorOf({ amount: "90.071.992.547.409,91" }, "amount")).toBe("Informe um valor de até R$ 10.000.000,00.");
    expect(errorOf({ due_date: "" }, "due_date")).toBe(BILLING_MESSAGES.dueDate);
    expect(errorOf({ due_date: "31/02/2026" }, "due_date")).toBe(BILLING_MESSAGES.dueDate);
    expect(errorOf({ month_year: "2026-13" }, "month_year")).toBe(BILLING_MESSAGES.month);
    expect(errorOf({ month_year: "" }, "month_year")).toBe(BILLING_MESSAGES.month);
    expect(errorOf({ client_id: "" }, "client_id")).toBe(BILLING_MESSAGES.chooseClient);
    expect(errorOf({ client_id: "1e3" }, "client_id")).toBe(BILLING_MESSAGES.chooseClient);
  });
});

describe("status selector", () => {
  it("takes the three statuses only", () => {
    expect(parseWithZod(form({ intent: "status", status: "paid" }), { schema: billingStatusSchema }).status).toBe(
      "success",
    );
    expect(
      parseWithZod(form({ intent: "status", status: "cancelled" }), { schema: billingStatusSchema }).status,
    ).not.toBe("success");
  });
});
