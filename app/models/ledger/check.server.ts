import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";

// The projection's check (docs/decisions/0061-rent-ledger.md): every
// billing's open amount, amount received and paid-or-not recomputed from its
// entries and compared with what the billing row says. Nothing else writes
// those columns, so any row here is a bug. The tests run it after writing;
// `npm run ledger:check` runs it on a database (the scale data set).

export type ProjectionMismatch = {
  id: number;
  status: string;
  open_cents: number;
  amount_paid_cents: number | null;
  entries_open: number;
  entries_allocated: number;
};

export async function checkProjection(db: Kysely<Database>, limit = 50): Promise<ProjectionMismatch[]> {
  const rows = await sql<ProjectionMismatch>`
    with sums as (
      select billing_id,
        sum(case when kind = 'charge' then amount_cents when kind in ('discount', 'allocation') then -amount_cents else 0 end) as open,
        sum(case when kind = 'allocation' then amount_cents else 0 end) as allocated,
        sum(case when kind = 'charge' then amount_cents else 0 end) as charged,
        sum(case when item = 'rent' and kind = 'charge' then amount_cents when item = 'rent' then -amount_cents else 0 end) as rent_open
      from ledger_entries where billing_id is not null group by billing_id
    )
    select b.id, b.status, b.open_cents, b.amount_paid_cents,
      coalesce(s.open, 0) as entries_open, coalesce(s.allocated, 0) as entries_allocated
    from billing b left join sums s on s.billing_id = b.id
    where b.open_cents != coalesce(s.open, 0)
       or b.rent_open_cents != coalesce(s.rent_open, 0)
       or coalesce(b.amount_paid_cents, 0) != coalesce(s.allocated, 0)
       or (b.status = 'paid') != (coalesce(s.open, 0) <= 0 and coalesce(s.charged, 0) > 0)
    order by b.id
    limit ${limit}`.execute(db);
  return rows.rows;
}
