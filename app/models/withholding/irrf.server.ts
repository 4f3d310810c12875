import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import { postEntry, refreshBillings } from "#app/models/ledger/ledger.server";
import { anyRow } from "#app/models/shared/exists.server";
import { cents, shareOf, sumCents, type Cents } from "#app/models/shared/money";
import { irrfOn, isCompany, isPerson, type IrrfBand, type IrrfReduction, type IrrfTable } from "./irrf";

// The IRRF a company tenant withholds from a billing's rent (decision 0074):
// per person owner, on that owner's share, at the table in force on the due
// date. Written as a ledger discount of the rent (method 'irrf': the tenant
// pays the net; the tax goes to the Receita by the tenant's DARF 3208, never
// through the agency) with a billing_withholdings row per owner. Kept in step
// with the rent: every change of a billing's rent (chargeRent) and of the
// parties (the tenant's document, the owners) recomputes it on open billings.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// The IRRF in force on `billing` (the outer query's row), in SQL: the whole,
// and the owner's of the outer `lo` (lease_owners). A seek each in
// billing_withholdings_billing; the reversal's check only for rows found.
const withheldSql = (own: boolean) =>
  sql<number>`(select coalesce(sum(w.irrf_cents), 0) from billing_withholdings w where w.billing_id = billing.id
    ${own ? sql`and w.owner_id = lo.owner_id` : sql``}
    and not exists (select 1 from ledger_entries r where r.reverses_id = w.entry_id limit 1))`;
export const BILLING_WITHHELD = withheldSql(false);
export const OWNER_WITHHELD = withheldSql(true);

export const IRRF_MEMO = "IRRF retido na fonte pelo locatário (DARF 3208)";

export type IrrfTableRow = { id: number; validFrom: string; validUntil: string | null; source: string } & IrrfTable;

// The table in force on a day, or null (none recorded: nothing is withheld,
// and the dashboard says so).
export async function irrfTableOn(db: DB | Trx, day: string): Promise<IrrfTableRow | null> {
  const row = await db
    .selectFrom("irrf_tables")
    .selectAll()
    .where("valid_from", "<=", day)
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">=", day)]))
    .orderBy("valid_from", "desc")
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    source: row.source,
    bands: JSON.parse(row.bands) as IrrfBand[],
    reduction: row.reduction === null ? null : (JSON.parse(row.reduction) as IrrfReduction),
    simplifiedDiscountBp: row.simplified_discount_bp,
  };
}

type Wanted = { ownerId: number; incomeCents: Cents; baseCents: Cents; irrfCents: Cents; tableId: number };

// What should be withheld from the billing now: nothing unless the tenant is
// a company; then each person owner's share of the standing rent.
async function wantedWithholdings(
  trx: Trx,
  billing: { id: number; client_id: number; due_date: string },
  tenantDocument: string | null,
) {
  if (!isCompany(tenantDocument)) return [];
  const table = await irrfTableOn(trx, billing.due_date);
  if (!table) return [];
  const rent = await trx
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("cents"))
    .where("billing_id", "=", billing.id)
    .where("kind", "=", "charge")
    .where("item", "=", "rent")
    .executeTakeFirstOrThrow();
  const owners = await trx
    .selectFrom("lease_owners as lo")
    .innerJoin("owners", "owners.id", "lo.owner_id")
    .select(["lo.owner_id", "lo.share_bp", "owners.cpf_cnpj"])
    .where("lo.client_id", "=", billing.client_id)
    .orderBy("lo.position")
    .execute();
  const wanted: Wanted[] = [];
  let before = 0;
  for (const o of owners) {
    const income = shareOf(cents(Number(rent.cents)), before, o.share_bp);
    before += o.share_bp;
    if (!isPerson(o.cpf_cnpj)) continue;
    const r = irrfOn(income, table);
    if (r.irrfCents > 0)
      wanted.push({
        ownerId: o.owner_id,
        incomeCents: r.incomeCents,
        baseCents: r.baseCents,
        irrfCents: r.irrfCents,
        tableId: table.id,
      });
  }
  return wanted;
}

// The withholdings in force on a billing (their entry not reversed).
export async function standingWithholdings(db: DB | Trx, billingIds: readonly number[]) {
  if (billingIds.length === 0) return [];
  return db
    .selectFrom("billing_withholdings as w")
    .select([
      "w.id",
      "w.billing_id",
      "w.owner_id",
      "w.entry_id",
      "w.table_id",
      "w.income_cents",
      "w.base_cents",
      "w.irrf_cents",
    ])
    .where("w.billing_id", "in", billingIds)
    .where((eb) =>
      eb.not(
        eb.exists(
          anyRow(eb.selectFrom("ledger_entries as r").select("r.id").whereRef("r.reverses_id", "=", "w.entry_id")),
        ),
      ),
    )
    .orderBy("w.id")
    .execute();
}

const sameAs = (
  a: readonly Wanted[],
  b: readonly { owner_id: number | null; irrf_cents: number; table_id: number }[],
) =>
  a.length === b.length &&
  a.every((w, i) => w.ownerId === b[i].owner_id && w.irrfCents === b[i].irrf_cents && w.tableId === b[i].table_id);

// Brings the billing's withholding in step with its rent and parties while
// nothing is paid into it. Run twice, the second changes nothing.
export async function withholdIrrf(
  trx: Trx,
  billing: { id: number; client_id: number; due_date: string },
  actor: AuditActor,
  today: string,
) {
  const row = await trx
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select(["billing.status", "billing.amount_paid_cents", "clients.cpf_cnpj"])
    .where("billing.id", "=", billing.id)
    .executeTakeFirst();
  // Withheld at each payment (Lei 7.713 art. 7 §1º): once money came in, the
  // withholding it was paid with stands (and a larger one could not be taken
  // off what is left to pay).
  if (!row || row.status === "paid" || (row.amount_paid_cents ?? 0) > 0) return;
  const wanted = await wantedWithholdings(trx, billing, row.cpf_cnpj);
  const standing = await standingWithholdings(trx, [billing.id]);
  if (sameAs(wanted, standing)) return;
  const now = new Date().toISOString();
  for (const entryId of new Set(standing.map((s) => s.entry_id))) {
    const total = sumCents(standing.filter((s) => s.entry_id === entryId).map((s) => s.irrf_cents));
    await postEntry(
      trx,
      {
        client_id: billing.client_id,
        kind: "discount",
        item: "rent",
        billing_id: billing.id,
        amount_cents: cents(-total),
        on_date: billing.due_date,
        method: "irrf",
        memo: "IRRF recalculado",
        reverses_id: entryId,
      },
      actor,
      now,
    );
  }
  if (wanted.length > 0) {
    const entryId = await postEntry(
      trx,
      {
        client_id: billing.client_id,
        kind: "discount",
        item: "rent",
        billing_id: billing.id,
        amount_cents: sumCents(wanted.map((w) => w.irrfCents)),
        on_date: billing.due_date,
        method: "irrf",
        memo: IRRF_MEMO,
      },
      actor,
      now,
    );
    await trx
      .insertInto("billing_withholdings")
      .values(
        wanted.map((w) => ({
          billing_id: billing.id,
          owner_id: w.ownerId,
          entry_id: entryId,
          table_id: w.tableId,
          income_cents: w.incomeCents,
          base_cents: w.baseCents,
          irrf_cents: w.irrfCents,
          created_at: now,
        })),
      )
      .execute();
  }
  await refreshBillings(trx, [billing.id], actor, today, { audit: false });
}

// After the tenant's document or the contract's owners change: every open
// billing of the contract recomputed (a handful: the open ones).
export async function rewithholdOpenBillings(trx: Trx, clientId: number, actor: AuditActor, today: string) {
  const open = await trx
    .selectFrom("billing")
    .select(["id", "client_id", "due_date"])
    .where("client_id", "=", clientId)
    .where("status", "!=", "paid")
    .execute();
  for (const b of open) await withholdIrrf(trx, b, actor, today);
}

// The IRRF in force on each of these billings (decision 0074), by billing:
// what the billing's dialog, the tenant's open billings and the receipt show.
export async function withheldOfBillings(db: DB | Trx, billingIds: readonly number[]) {
  const totals = new Map<number, Cents>();
  for (const w of await standingWithholdings(db, [...new Set(billingIds)]))
    totals.set(w.billing_id, cents((totals.get(w.billing_id) ?? 0) + w.irrf_cents));
  return totals;
}
