import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { chargeRent } from "#app/models/ledger/rent-charge.server";
import { refreshBillings } from "#app/models/ledger/ledger.server";
import { attachRecurringCharges } from "#app/models/charges/charges.server";
import { spendCreditsOf } from "#app/models/ledger/tenant-credit.server";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { localToday } from "#app/models/shared/days";
import { issueHorizon } from "./charges";
import { owedOn } from "#app/models/ledger/owed";
import { withEffectiveStatus } from "./grouping";
import { documentsOf } from "./documents.server";
import { receiptsOf } from "./receipts.server";
import { billedThrough, contractMonthsToBill } from "./months";
import { billingEnd } from "#app/models/clients/status";
import { graceFor } from "#app/models/calendar/holidays.server";
import { recordBillingGaps } from "./gaps.server";
import { getChargingSettings } from "./settings.server";
import { viewerLeaseIds, type FileViewer } from "#app/models/files/access.server";
import { BILLING_WITHHELD, withheldOfBillings } from "#app/models/withholding/irrf.server";
import type { Cents } from "#app/models/shared/money";

// Billings of rental clients (docs/product.md §Cobranças;
// docs/decisions/0009-billing.md, 0021-time-zone-and-formats.md and
// 0024-private-files.md). Every write runs in one transaction with its audit
// rows. Reads give each billing its effective status (pending and past due:
// overdue), so every view agrees before the hourly job (markOverdue) stores it.
// "Today" is the agency's day.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// The spec's client billing history: the last 12.
export const CLIENT_HISTORY_LIMIT = 12;

// The columns every list of billings reads (here and billing-queues.server.ts).
export const billingColumns = [
  "billing.id",
  "billing.client_id",
  "clients.name as client_name",
  "billing.month_year",
  "billing.amount_cents",
  "billing.due_date",
  "billing.grace_until",
  "billing.period_start",
  "billing.period_end",
  "billing.period_days",
  "billing.status",
  "billing.payment_date",
  "billing.amount_paid_cents",
  "billing.payment_difference_cents",
  "billing.difference_resolved_at",
  "billing.external_payment_id",
  // The ledger's projection: what it owes (ledger/owed.ts).
  "billing.open_cents",
  "billing.rent_open_cents",
  "billing.accrued_through",
] as const;

function selectBillings(db: DB | Trx) {
  return db.selectFrom("billing").innerJoin("clients", "clients.id", "billing.client_id").select(billingColumns);
}

// One billing with its client and boletos (effective status), what it costs
// today (the client's late fee and interest), and its receipts; or null.
export async function getBilling(db: DB, id: number, today = localToday()) {
  const row = await selectBillings(db)
    .select(["clients.late_fee_bp", "clients.monthly_interest_bp"])
    .where("billing.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const [billing] = withEffectiveStatus([row], today);
  return {
    ...billing,
    charges: owedOn(billing, today),
    documents: (await documentsOf(db, [id])).get(id) ?? [],
    receipts: (await receiptsOf(db, [id])).get(id) ?? [],
  };
}

// The client area's Cobrança tab (docs/product.md §Área do Cliente): only
// issued billings (due within `issueDays` from today: the tenant never sees
// one due further ahead); first every open one (pending or overdue), oldest
// due date first, whatever its age, with what it costs today; then the
// history: the last 12 issued billings by due date, newest first, each with
// its boletos and, when paid, its receipt in force. Nothing of another client.
export async function listClientBillings(
  db: DB,
  clientId: number,
  {
    today = localToday(),
    issueDays,
    limit = CLIENT_HISTORY_LIMIT,
  }: { today?: string; issueDays: number; limit?: number },
) {
  const horizon = issueHorizon(today, issueDays);
  const rates = await db
    .selectFrom("clients")
    .select(["late_fee_bp", "monthly_interest_bp"])
    .where("id", "=", clientId)
    .executeTakeFirst();
  if (!rates) return { open: [], history: [] };
  const issued = selectBillings(db).where("billing.client_id", "=", clientId).where("billing.due_date", "<=", horizon);
  const [openRows, historyRows] = await Promise.all([
    issued.where("billing.status", "!=", "paid").orderBy("billing.due_date").orderBy("billing.id").execute(),
    issued.orderBy("billing.due_date", "desc").orderBy("billing.id", "desc").limit(limit).execute(),
  ]);
  const ids = [...new Set([...openRows, ...historyRows].map((r) => r.id))];
  const [documents, receipts] = await Promise.all([documentsOf(db, ids), receiptsOf(db, ids)]);
  const shape = (rows: typeof openRows) =>
    withEffectiveStatus(rows, today).map(({ client_id: _c, client_name: _n, ...b }) => ({
      ...b,
      documents: documents.get(b.id) ?? [],
      // Oldest first, as paid.
      receipts: (receipts.get(b.id) ?? []).filter((r) => r.voided_at === null).reverse(),
    }));
  return {
    open: shape(openRows).map((b) => ({ ...b, charges: owedOn({ ...b, ...rates }, today) })),
    history: shape(historyRows),
  };
}
export type ClientBillings = Awaited<ReturnType<typeof listClientBillings>>;

// The clients the Nova Cobrança and Gerar Cobranças forms offer, by name, with
// what generating needs: id, name, contract dates, monthly_rent and
// payment_due_day (docs/product.md §Cobranças).
export async function listBillingClientChoices(db: DB) {
  return db
    .selectFrom("clients")
    .select([
      "id",
      "name",
      "contract_start_date",
      "contract_end_date",
      "ended_on",
      "monthly_rent_cents",
      "payment_due_day",
    ])
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export type NewBillingValues = {
  client_id: number;
  month_year: string; // "yyyy-MM"
  amount_cents: Cents;
  due_date: string; // "yyyy-MM-dd"
  external_payment_id?: string | null;
  // The days it charges out of its whole period's (contractMonthsToBill);
  // absent: a whole month (Nova Cobrança, a boleto).
  period_start?: string | null;
  period_end?: string | null;
  period_days?: number | null;
};

// The one write path of a billing row (Nova Cobrança, the contract's months,
// the boleto flow): pending, with its audit row, inside the caller's
// transaction. The caller has checked that the client exists.
export async function insertBillingRow(trx: Trx, values: NewBillingValues, actor: AuditActor) {
  const now = new Date().toISOString();
  const row = {
    ...values,
    // Paid without charges until the next business day when due on a
    // weekend or holiday (decision 0066).
    grace_until: await graceFor(trx, values.due_date),
    external_payment_id: values.external_payment_id ?? null,
    status: "pending" as const,
    created_at: now,
    updated_at: now,
  };
  const { id } = await trx.insertInto("billing").values(row).returning("id").executeTakeFirstOrThrow();
  const { created_at: _c, updated_at: _u, ...shown } = row;
  await recordAudit(trx, { actor, action: "create", entity: "billing", entityId: id, after: shown });
  // The rent is the billing's first charge on the tenant's account.
  await chargeRent(
    trx,
    { id, client_id: values.client_id, due_date: values.due_date },
    values.amount_cents,
    actor,
    localToday(),
  );
  // The contract's monthly charges of that month (IPTU, condomínio: decision 0068).
  if (await attachRecurringCharges(trx, { id, ...values }, actor))
    await refreshBillings(trx, [id], actor, localToday(), { audit: false });
  return id;
}

async function clientExists(trx: Trx, clientId: number) {
  return !!(await trx.selectFrom("clients").select("id").where("id", "=", clientId).executeTakeFirst());
}

// "Nova Cobrança". reason "client": the client is gone (nothing written).
export async function createBilling(
  db: DB,
  values: NewBillingValues,
  actor: AuditActor,
): Promise<{ ok: true; id: number } | { ok: false; reason: "client" }> {
  const done = await db.transaction().execute(async (trx) => {
    if (!(await clientExists(trx, values.client_id))) return { ok: false as const, reason: "client" as const };
    return { ok: true as const, id: await insertBillingRow(trx, values, actor) };
  });
  if (done.ok) await spendCreditsOf(db, [values.client_id], actor);
  return done;
}

export type GenerateResult =
  | { ok: true; clientName: string; created: { id: number; month_year: string }[] }
  | { ok: false; reason: "client" | "no-contract" };

// "Gerar Cobranças do Contrato" (docs/decisions/0009-billing.md): one billing
// per contract month not billed yet (any status), none after the day staff
// ended the contract ("Encerrar contrato"), the rent as the amount, the due
// day clamped to the month. One transaction: all of them or none. Running it
// twice creates nothing the second time. The demo seed calls this too.
export async function generateContractBillings(db: DB, clientId: number, actor: AuditActor): Promise<GenerateResult> {
  const done = await db.transaction().execute(async (trx): Promise<GenerateResult> => {
    const client = await trx
      .selectFrom("clients")
      .select([
        "name",
        "contract_start_date",
        "contract_end_date",
        "ended_on",
        "monthly_rent_cents",
        "payment_due_day",
        "first_month",
      ])
      .where("id", "=", clientId)
      .executeTakeFirst();
    if (!client) return { ok: false, reason: "client" };
    const { contract_start_date: start, monthly_rent_cents: rent } = client;
    // An ended contract ("Encerrar contrato") is billed up to its end only;
    // one past its end date runs on (an indefinite term) to what is issued today.
    const until = billingEnd(client.contract_end_date, client.ended_on);
    if (!start || !until || rent == null) return { ok: false, reason: "no-contract" };
    const billed = await trx
      .selectFrom("billing")
      .select(["month_year", "period_end"])
      .where("client_id", "=", clientId)
      .execute();
    const planned = contractMonthsToBill(
      { start, end: until.end, open: until.open, dueDay: client.payment_due_day, rent, firstMonth: client.first_month },
      billedThrough(billed),
      { continueUntil: issueHorizon(localToday(), getChargingSettings().issueDays) },
    );
    const created: { id: number; month_year: string }[] = [];
    for (const p of planned)
      created.push({ id: await insertBillingRow(trx, { client_id: clientId, ...p }, actor), month_year: p.month_year });
    return { ok: true, clientName: client.name, created };
  });
  if (done.ok && done.created.length > 0) await spendCreditsOf(db, [clientId], actor);
  // The dashboard's "meses sem cobrança" clears at once, not at the next hour.
  if (done.ok) await recordBillingGaps(db, localToday(), getChargingSettings().issueDays, [clientId]);
  return done;
}

// A billing's amount replaced by a boleto's (the boleto flow, when staff
// ticked "Atualizar o valor da cobrança"), with its audit row, inside the
// caller's transaction. Returns whether it wrote: a paid billing keeps what
// was paid, and a billing gone meanwhile or of that amount already needs nothing.
export async function updateBillingAmountRow(trx: Trx, billingId: number, amountCents: Cents, actor: AuditActor) {
  const before = await trx
    .selectFrom("billing")
    .select(["amount_cents", "status", "client_id", "due_date", "amount_paid_cents"])
    .where("id", "=", billingId)
    .executeTakeFirst();
  // Something paid into it already: what was charged stays (a correction is an estorno first).
  if (!before || before.status === "paid" || before.amount_paid_cents !== null) return false;
  if (before.amount_cents === amountCents) return false;
  // The boleto of a company tenant asks the rent less its IRRF (decision
  // 0074): that is the billing's amount, not a new rent.
  const withheld = (await withheldOfBillings(trx, [billingId])).get(billingId) ?? 0;
  if (withheld > 0 && before.amount_cents - withheld === amountCents) return false;
  await trx
    .updateTable("billing")
    .set({ amount_cents: amountCents, updated_at: new Date().toISOString() })
    .where("id", "=", billingId)
    .execute();
  await recordAudit(trx, {
    actor,
    action: "update",
    entity: "billing",
    entityId: billingId,
    before: { amount_cents: before.amount_cents },
    after: { amount_cents: amountCents },
  });
  await chargeRent(
    trx,
    { id: billingId, client_id: before.client_id, due_date: before.due_date },
    amountCents,
    actor,
    localToday(),
    "Valor do boleto",
  );
  return true;
}

// The billings of these clients as the boleto flow matches them (match.ts):
// stored status (paid or not is what matters), no documents.
export async function listBillingsToMatch(db: DB | Trx, clientIds: readonly number[]) {
  if (clientIds.length === 0) return [];
  return (
    db
      .selectFrom("billing")
      .select(["id", "client_id", "month_year", "due_date", "status", "amount_cents"])
      // A company tenant's boleto is for the rent less its IRRF (decision 0074).
      .select(BILLING_WITHHELD.as("withheld_cents"))
      .where("client_id", "in", [...new Set(clientIds)])
      .orderBy("id")
      .execute()
  );
}

// What an open, issued billing costs today, for its Pix code
// (routes/files/pix-qr.ts): staff may ask for any; a client only for their
// own. null for a paid billing, one not issued yet, or anyone else's.
export async function openBillingChargesToday(
  db: DB,
  id: number,
  viewer: FileViewer,
  { today = localToday(), issueDays }: { today?: string; issueDays: number },
) {
  let q = selectBillings(db)
    .select(["clients.late_fee_bp", "clients.monthly_interest_bp"])
    .where("billing.id", "=", id)
    .where("billing.status", "!=", "paid")
    .where("billing.due_date", "<=", issueHorizon(today, issueDays));
  if (viewer.kind === "client") q = q.where("billing.client_id", "in", viewerLeaseIds(viewer));
  const row = await q.executeTakeFirst();
  return row ? owedOn(row, today) : null;
}
