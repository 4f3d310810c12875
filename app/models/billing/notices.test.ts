import { describe, expect, it } from "vitest";
import { noticeApplies, noticeKindsFor, noticeLabel } from "./notices";

// Which notices a billing calls for, day by day around its due date, with the
// default issue window of 20 days.
const due = "2026-10-10";
const kinds = (today: string, status = "pending", hasReceipt = false, issueDays = 20) =>
  noticeKindsFor({ status, due_date: due, grace_until: due, hasReceipt }, today, issueDays);

describe("billing notices", () => {
  it("announces an open billing from its issue day until 4 days before the due date", () => {
    expect(kinds("2026-09-19")).toEqual([]); // 21 days before: not issued
    expect(kinds("2026-09-20")).toEqual(["issued"]); // 20 days before
    expect(kinds("2026-10-06")).toEqual(["issued"]); // 4 days before
  });

  it("reminds from 3 days before to the due date, then says overdue from the day after", () => {
    expect(kinds("2026-10-07")).toEqual(["reminder"]);
    expect(kinds("2026-10-10")).toEqual(["reminder"]);
    expect(kinds("2026-10-11")).toEqual(["overdue"]);
    expect(kinds("2027-10-11")).toEqual(["overdue"]);
    // A status stored as overdue by hand reads the same.
    expect(kinds("2026-10-11", "overdue")).toEqual(["overdue"]);
  });

  it("sends nothing for a paid billing but its receipt, and the receipt whatever the dates", () => {
    expect(kinds("2026-10-08", "paid")).toEqual([]);
    expect(kinds("2026-10-12", "paid")).toEqual([]);
    expect(kinds("2026-10-12", "paid", true)).toEqual(["receipt"]);
    expect(kinds("2025-01-01", "paid", true)).toEqual(["receipt"]);
  });

  it("never reminds of a billing the tenant cannot see yet (a window shorter than 3 days)", () => {
    expect(kinds("2026-10-07", "pending", false, 2)).toEqual([]);
    expect(kinds("2026-10-08", "pending", false, 2)).toEqual(["reminder"]);
    expect(kinds("2026-10-08", "pending", false, 0)).toEqual([]);
    expect(kinds("2026-10-10", "pending", false, 0)).toEqual(["reminder"]);
    expect(
      noticeApplies(
        "issued",
        { status: "pending", due_date: due, grace_until: due, hasReceipt: false },
        "2026-10-01",
        3,
      ),
    ).toBe(false);
  });

  it("names each kind in Portuguese", () => {
    expect(["issued", "reminder", "overdue", "receipt", "x"].map(noticeLabel)).toEqual([
      "Cobrança disponível",
      "Lembrete de vencimento",
      "Cobrança em atraso",
      "Recibo",
      "x",
    ]);
  });
});
