import { effectiveStatus, isBillingStatus, type BillingStatus } from "./status";

// "Gestão de Cobranças" (docs/product.md §Cobranças): billings grouped
// by client, groups in alphabetical order as people read names (pt-BR
// collation: "Álvaro" beside "Alice", case ignored), inside a group the
// latest due date first, each group with its counts. Pure and client-safe.

export type BillingCounts = Record<BillingStatus, number>;

type Row = {
  id: number;
  client_id: number;
  client_name: string;
  due_date: string;
  grace_until: string;
  status: BillingStatus;
};

export type BillingGroup<T extends Row> = {
  clientId: number;
  clientName: string;
  counts: BillingCounts;
  billings: T[];
};

const names = new Intl.Collator("pt-BR", { sensitivity: "base" });

// Newest due date first; the same day, the newest row first.
export const byDueDateDesc = (a: Row, b: Row) =>
  a.due_date === b.due_date ? b.id - a.id : a.due_date < b.due_date ? 1 : -1;

// Each row's status is the effective one (pending and past due: overdue).
export function withEffectiveStatus<T extends Row>(rows: readonly T[], today: string): T[] {
  return rows.map((r) => ({ ...r, status: effectiveStatus(r.status, r.grace_until, today) }));
}

export function countStatuses(rows: readonly { status: string }[]): BillingCounts {
  const counts: BillingCounts = { overdue: 0, pending: 0, paid: 0 };
  // A status written by hand (not one of the three) counts nowhere.
  for (const r of rows) if (isBillingStatus(r.status)) counts[r.status] += 1;
  return counts;
}

// Rows whose status is already effective (withEffectiveStatus), in any order.
export function groupByClient<T extends Row>(rows: readonly T[]): BillingGroup<T>[] {
  const groups = new Map<number, BillingGroup<T>>();
  for (const r of rows) {
    let group = groups.get(r.client_id);
    if (!group)
      groups.set(
        r.client_id,
        (group = {
          clientId: r.client_id,
          clientName: r.client_name,
          counts: { overdue: 0, pending: 0, paid: 0 },
          billings: [],
        }),
      );
    group.billings.push(r);
  }
  const list = [...groups.values()];
  for (const g of list) {
    g.billings.sort(byDueDateDesc);
    g.counts = countStatuses(g.billings);
  }
  // Two clients of the same name stay apart, the older record first.
  return list.sort((a, b) => names.compare(a.clientName, b.clientName) || a.clientId - b.clientId);
}
