import { describe, expect, it } from "vitest";
import { countStatuses, groupByClient, withEffectiveStatus } from "./grouping";
import type { BillingStatus } from "./status";

const row = (
  id: number,
  client_id: number,
  client_name: string,
  due_date: string,
  status: BillingStatus = "pending",
) => ({
  id,
  client_id,
  client_name,
  due_date,
  grace_until: due_date,
  status,
});

describe("billing groups", () => {
  it("orders groups by name as people read it (accents and case aside) and due dates newest first", () => {
    const groups = groupByClient([
      row(1, 10, "bruno", "2026-01-05"),
      row(2, 11, "Álvaro", "2026-02-05"),
      row(3, 10, "bruno", "2026-03-05"),
      row(4, 12, "Alice", "2026-01-05"),
      row(5, 10, "bruno", "2026-03-05"),
      row(6, 13, "Carla", "2026-01-05"),
    ]);
    expect(groups.map((g) => g.clientName)).toEqual(["Alice", "Álvaro", "bruno", "Carla"]);
    expect(groups[2].billings.map((b) => b.id)).toEqual([5, 3, 1]);
  });

  it("keeps two clients of the same name apart", () => {
    const groups = groupByClient([row(1, 20, "Maria", "2026-01-05"), row(2, 19, "Maria", "2026-01-05")]);
    expect(groups.map((g) => g.clientId)).toEqual([19, 20]);
  });

  it("counts overdue, pending and paid with the effective status", () => {
    const rows = withEffectiveStatus(
      [
        row(1, 1, "A", "2026-10-04"),
        row(2, 1, "A", "2026-10-05"),
        row(3, 1, "A", "2026-09-05", "paid"),
        row(4, 1, "A", "2026-11-05", "overdue"),
      ],
      "2026-10-05",
    );
    expect(rows.map((r) => r.status)).toEqual(["overdue", "pending", "paid", "overdue"]);
    expect(groupByClient(rows)[0].counts).toEqual({ overdue: 2, pending: 1, paid: 1 });
    expect(countStatuses([{ status: "strange" }])).toEqual({ overdue: 0, pending: 0, paid: 0 });
  });
});
