import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "#app/db/schema";
import { pageOf } from "#app/models/shared/paging.server";
import { searchTerms } from "#app/models/shared/list-query";
import { billingColumns } from "./billing.server";
import { documentsOf } from "./documents.server";
import { groupByClient, withEffectiveStatus, type BillingCounts } from "./grouping";
import type { BillingQuery } from "./billing-query";
import { isBillingStatus, type BillingStatus } from "./status";
import { anyRow } from "#app/models/shared/exists.server";
import { addDays } from "#app/models/shared/days";
import { GRACE_MAX_DAYS } from "#app/models/calendar/grace";

// The Cobranças tab as queries (issue 34; docs/decisions/0057-lists-as-queries.md):
// each queue is one filtered query read a page at a time, and "Todas" is a
// page of clients, each with its open billings and its latest ones. Nothing
// here reads every billing: at 5,000 contracts over five years the table has
// about 300,000 rows. "Today" is the agency's day; a billing's status is the
// effective one (pending and past due: overdue), in SQL as in status.ts.

type DB = Kysely<Database>;
type EB = ExpressionBuilder<Database & { clients: Database["clients"] }, "billing" | "clients">;

// Beside its open billings, a client's group shows its latest ones; the rest
// are one link away ("Ver todas").
export const GROUP_LATEST = 6;

const monthEnd = (today: string) => {
  const [y, m] = today.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${today.slice(0, 8)}${String(last).padStart(2, "0")}`;
};

// Past its grace day (decision 0066); the due date bounds the index's range.
const overdue = (eb: EB, today: string) =>
  eb.or([
    eb("billing.status", "=", "overdue"),
    eb.and([
      eb("billing.status", "=", "pending"),
      eb("billing.due_date", "<", today),
      eb("billing.grace_until", "<", today),
    ]),
  ]);
// Still to come this month, unpaid (past due ones are in "Em atraso"): a
// billing due on a weekend or holiday is still to come until its grace day.
const dueThisMonth = (eb: EB, today: string) =>
  eb.and([
    eb("billing.status", "=", "pending"),
    eb("billing.due_date", ">=", addDays(today, -GRACE_MAX_DAYS)),
    eb("billing.due_date", "<=", monthEnd(today)),
    eb("billing.grace_until", ">=", today),
  ]);
// Paid with a difference not resolved yet. The status is a literal, not a
// bound value: SQLite uses the partial index billing_open_differences
// (migration 0020) only when the query's terms match its own to the letter.
const openDifference = (eb: EB) =>
  eb.and([
    eb("billing.payment_difference_cents", "is not", null),
    eb("billing.difference_resolved_at", "is", null),
    sql<boolean>`billing.status = 'paid'`,
  ]);

// A client found by name, email, address (accents and case ignored) or by
// its CPF/CNPJ's digits (typed with or without punctuation).
function clientSearch(search: string): RawBuilder<boolean>[] {
  const t = searchTerms(search);
  const either = [
    sql<boolean>`fold(clients.name) like ${t.pattern} escape '\\'`,
    sql<boolean>`fold(clients.email) like ${t.pattern} escape '\\'`,
    sql<boolean>`fold(coalesce(clients.property_address, '')) like ${t.pattern} escape '\\'`,
  ];
  if (t.digits)
    either.push(
      sql<boolean>`replace(replace(replace(coalesce(clients.cpf_cnpj, ''), '.', ''), '-', ''), '/', '') like ${t.digits}`,
    );
  return either;
}

// ... or a billing by its number (#123).
function billingSearch(eb: EB, search: string) {
  const id = searchTerms(search).id;
  return eb.or([...clientSearch(search), ...(id !== null ? [eb("billing.id", "=", id)] : [])]);
}

// Each client's counts by effective status.
async function countsOf(db: DB, ids: number[], today: string) {
  const effective = sql<BillingStatus>`case when billing.status = 'pending' and billing.due_date < ${today} then 'overdue' else billing.status end`;
  const rows = await db
    .selectFrom("billing")
    .select(["billing.client_id", effective.as("status"), (eb) => eb.fn.countAll<number>().as("n")])
    .where("billing.client_id", "in", ids)
    .groupBy(["billing.client_id", effective])
    .execute();
  const counts = new Map<number, BillingCounts>();
  for (const r of rows) {
    const c = counts.get(r.client_id) ?? { overdue: 0, pending: 0, paid: 0 };
    if (isBillingStatus(r.status)) c[r.status] += Number(r.n);
    counts.set(r.client_id, c);
  }
  return (id: number) => counts.get(id) ?? { overdue: 0, pending: 0, paid: 0 };
}

const totalOf = (c: BillingCounts) => c.overdue + c.pending + c.paid;

function billingsIn(db: DB) {
  return db.selectFrom("billing").innerJoin("clients", "clients.id", "billing.client_id");
}

// How many billings wait in each queue (the search does not narrow them: they
// are the size of the work). Three counts, each on its own index
// (docs/decisions/0057-lists-as-queries.md): one query with the three
// conditions OR-ed would read the whole table.
export async function queueCounts(db: DB, today: string) {
  const count = (where: (eb: EB) => ReturnType<EB["and"]>) =>
    db
      .selectFrom("billing")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => where(eb as unknown as EB))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [atrasadas, mes, diferencas] = await Promise.all([
    count((eb) => overdue(eb, today)),
    count((eb) => dueThisMonth(eb, today)),
    count((eb) => openDifference(eb)),
  ]);
  return { atrasadas, mes, diferencas };
}

// A queue's page: its billings, oldest due date first (differences: oldest
// payment first), each with its boletos. The queue is counted and paged on
// the billing table alone (its indexes cover the queue's terms); only the
// page's 25 rows are then joined to their clients. Joined from the start,
// SQLite reads every row of the queue through the wrong index to sort them
// (7 ms a view on the 1,600 overdue of the scale set; 0.8 ms this way,
// docs/decisions/0065-ledger-at-scale.md). A search names the client, so it
// joins them.
export async function listQueue(db: DB, q: BillingQuery, today: string) {
  const key = q.queue === "diferencas" ? "billing.payment_date" : "billing.due_date";
  const terms = (eb: EB) =>
    q.queue === "atrasadas" ? overdue(eb, today) : q.queue === "mes" ? dueThisMonth(eb, today) : openDifference(eb);
  const filtered = q.search
    ? billingsIn(db).where((eb) => eb.and([terms(eb), billingSearch(eb, q.search)]))
    : db.selectFrom("billing").where((eb) => terms(eb as unknown as EB));
  const page = await pageOf(filtered, q.page, (query) => query.select("billing.id").orderBy(key).orderBy("billing.id"));
  const ids = page.rows.map((r) => r.id);
  const [found, documents] = await Promise.all([
    ids.length === 0
      ? []
      : billingsIn(db)
          .select(billingColumns)
          // What the overdue tenant's reminder needs (reminder.ts).
          .select(["clients.phone", "clients.late_fee_bp", "clients.monthly_interest_bp"])
          .where("billing.id", "in", ids)
          .execute(),
    documentsOf(db, ids),
  ]);
  const byId = new Map(found.map((b) => [b.id, b]));
  const rows = withEffectiveStatus(
    ids.flatMap((id) => byId.get(id) ?? []),
    today,
  ).map((b) => ({ ...b, documents: documents.get(b.id) ?? [] }));
  return { ...page, rows };
}

// "Todas": a page of clients that have billings (by name, as people read
// them), each with its counts, its open billings and its latest ones; or,
// with `client`, that one client's every billing, a page at a time.
export async function listBillingGroupsPage(db: DB, q: BillingQuery, today: string) {
  if (q.client !== null) return clientBillings(db, q, today);
  let clients = db
    .selectFrom("clients")
    .where((eb) =>
      eb.exists(anyRow(eb.selectFrom("billing").select("billing.id").whereRef("billing.client_id", "=", "clients.id"))),
    );
  if (q.search) clients = clients.where((eb) => eb.or(clientSearch(q.search)));
  const page = await pageOf(clients, q.page, (query) =>
    query.select(["clients.id", "clients.name"]).orderBy("clients.name_fold").orderBy("clients.id"),
  );
  const ids = page.rows.map((c) => c.id);
  if (ids.length === 0) return { ...page, groups: [] };
  const latest = db
    .selectFrom("billing")
    .select([
      "billing.id",
      sql<number>`row_number() over (partition by billing.client_id order by billing.due_date desc, billing.id desc)`.as(
        "rank",
      ),
    ])
    .where("billing.client_id", "in", ids)
    .as("ranked");
  const [countsFor, rows] = await Promise.all([
    countsOf(db, ids, today),
    billingsIn(db)
      .select(billingColumns)
      .where("billing.client_id", "in", ids)
      .where((eb) =>
        eb.or([
          eb("billing.status", "!=", "paid"),
          eb("billing.id", "in", db.selectFrom(latest).select("ranked.id").where("ranked.rank", "<=", GROUP_LATEST)),
        ]),
      )
      .execute(),
  ]);
  const documents = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  const groups = groupByClient(
    withEffectiveStatus(rows, today).map((b) => ({ ...b, documents: documents.get(b.id) ?? [] })),
  ).map((g) => {
    const counts = countsFor(g.clientId);
    return { ...g, counts, total: totalOf(counts) };
  });
  return { ...page, groups };
}

async function clientBillings(db: DB, q: BillingQuery, today: string) {
  const client = q.client!;
  const filtered = billingsIn(db).where("billing.client_id", "=", client);
  const page = await pageOf(filtered, q.page, (query) =>
    query.select(billingColumns).orderBy("billing.due_date", "desc").orderBy("billing.id", "desc"),
  );
  const [documents, countsFor] = await Promise.all([
    documentsOf(
      db,
      page.rows.map((r) => r.id),
    ),
    countsOf(db, [client], today),
  ]);
  const billings = withEffectiveStatus(page.rows, today).map((b) => ({ ...b, documents: documents.get(b.id) ?? [] }));
  const counts = countsFor(client);
  const groups =
    billings.length === 0
      ? []
      : [{ clientId: client, clientName: billings[0].client_name, counts, total: totalOf(counts), billings }];
  return { ...page, groups };
}

// The client a billing belongs to (where a write on it sends staff back).
export async function clientOfBilling(db: DB, billingId: number) {
  const row = await db.selectFrom("billing").select("client_id").where("id", "=", billingId).executeTakeFirst();
  return row?.client_id ?? null;
}

// The list as a spreadsheet ("Exportar CSV"): every billing of the queue (or
// of "Todas", or of one client) with the search applied, a batch at a time.
// Keyset batches, not OFFSET (which re-reads every row before the page) and
// not one long statement (which would hold the one database connection for
// the whole download): each batch is a short query on the queue's index.
export const EXPORT_BATCH = 1000;

export async function* billingExportBatches(db: DB, q: BillingQuery, today: string, batch = EXPORT_BATCH) {
  const byPayment = q.queue === "diferencas";
  const key = byPayment ? "billing.payment_date" : "billing.due_date";
  let after: { day: string; id: number } | null = null;
  for (;;) {
    let query = billingsIn(db).select([...billingColumns, "clients.cpf_cnpj"]);
    if (q.queue === "atrasadas") query = query.where((eb) => overdue(eb, today));
    else if (q.queue === "mes") query = query.where((eb) => dueThisMonth(eb, today));
    else if (q.queue === "diferencas") query = query.where((eb) => openDifference(eb));
    else if (q.client !== null) query = query.where("billing.client_id", "=", q.client);
    if (q.search) query = query.where((eb) => billingSearch(eb, q.search));
    const from = after;
    if (from)
      query = query.where((eb) =>
        eb.or([eb(key, ">", from.day), eb.and([eb(key, "=", from.day), eb("billing.id", ">", from.id)])]),
      );
    const rows = await query.orderBy(key).orderBy("billing.id").limit(batch).execute();
    if (rows.length === 0) return;
    yield withEffectiveStatus(rows, today);
    const last = rows[rows.length - 1];
    after = { day: (byPayment ? last.payment_date : last.due_date) ?? "", id: last.id };
    if (rows.length < batch) return;
  }
}
