import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { pageOf } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import type { IncomeQuery } from "./income-query";
import { ownedRentLines } from "./received-rents.server";

// The informes de rendimentos of a calendar year
// (docs/decisions/0043-income-reports.md): per owner, month by month, the
// rents the agency received for them, its fees and the net; per tenant,
// month by month, the rents they paid and to whom. Months are those of the
// payment date (what was received or paid in January is January's), fees as
// the owner statements charged them (received-rents.server.ts).

type DB = Kysely<Database>;

export type IncomeMonth = { month: string; grossCents: number; feesCents: number; netCents: number };

const monthsOf = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);
const yearRange = (year: number) => ({ paidFrom: `${year}-01-01`, paidBefore: `${year + 1}-01-01` });

function byMonth(year: number, lines: { paymentMonth: string; receivedCents: number; netCents: number }[]) {
  const months: IncomeMonth[] = monthsOf(year).map((month) => {
    const of = lines.filter((l) => l.paymentMonth === month);
    const gross = of.reduce((s, l) => s + l.receivedCents, 0);
    const net = of.reduce((s, l) => s + l.netCents, 0);
    return { month, grossCents: gross, feesCents: gross - net, netCents: net };
  });
  const sum = (k: keyof Omit<IncomeMonth, "month">) => months.reduce((s, m) => s + m[k], 0);
  return { months, totals: { grossCents: sum("grossCents"), feesCents: sum("feesCents"), netCents: sum("netCents") } };
}

export async function ownerIncome(db: DB, ownerId: number, year: number) {
  const owner = await db.selectFrom("owners").selectAll().where("id", "=", ownerId).executeTakeFirst();
  if (!owner) return null;
  const lines = await ownedRentLines(db, { ...yearRange(year), ownerId });
  const tenants = [...new Set(lines.map((l) => l.tenantName))].sort((a, b) => a.localeCompare(b, "pt-BR"));
  return { owner, year, tenants, ...byMonth(year, lines) };
}
export type OwnerIncome = NonNullable<Awaited<ReturnType<typeof ownerIncome>>>;

export type TenantMonth = { month: string; paidCents: number };

export async function tenantIncome(db: DB, clientId: number, year: number) {
  const client = await db
    .selectFrom("clients")
    .leftJoin("owners", "owners.id", "clients.owner_id")
    .select([
      "clients.id",
      "clients.name",
      "clients.email",
      "clients.cpf_cnpj",
      "clients.property_address",
      "owners.name as owner_name",
      "owners.cpf_cnpj as owner_cpf_cnpj",
    ])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  if (!client) return null;
  const paid = await db
    .selectFrom("billing")
    .select(["payment_date", "amount_paid_cents", "amount_cents"])
    .where("client_id", "=", clientId)
    .where("status", "=", "paid")
    .where("payment_date", ">=", `${year}-01-01`)
    .where("payment_date", "<", `${year + 1}-01-01`)
    .execute();
  const months: TenantMonth[] = monthsOf(year).map((month) => ({
    month,
    paidCents: paid
      .filter((p) => p.payment_date?.startsWith(month))
      .reduce((s, p) => s + (p.amount_paid_cents ?? p.amount_cents), 0),
  }));
  return { client, year, months, totalCents: months.reduce((s, m) => s + m.paidCents, 0) };
}
export type TenantIncome = NonNullable<Awaited<ReturnType<typeof tenantIncome>>>;

// An informe's email in the outbox: its dedupe key
// (income-report-email.server.ts, incomeKey) in SQL, for a join.
export const incomeKeySql = sql<string>`'income-report:' || income_report_emails.year || ':' || income_report_emails.kind || ':' || income_report_emails.person_id`;

// A request and where its email stands in the outbox (not there yet: its PDF
// is being drawn).
export type EmailStatus = { queued_at: string; sent_at: string | null; attempts: number; last_error: string | null };

// "Informes de rendimentos" of a year: every owner with rents received and
// every tenant with rents paid in it, their totals and where their email stands.
export async function incomeYear(db: DB, year: number) {
  const ownerTotals = await ownerYearTotals(db, year);
  const emails = await db
    .selectFrom("income_report_emails")
    .leftJoin("email_outbox", (join) => join.on(sql<boolean>`email_outbox.dedupe_key = ${incomeKeySql}`))
    .select([
      "income_report_emails.kind",
      "income_report_emails.person_id",
      "income_report_emails.queued_at",
      "email_outbox.sent_at",
      sql<number>`coalesce(email_outbox.attempts, 0)`.as("attempts"),
      "email_outbox.last_error",
    ])
    .where("income_report_emails.year", "=", year)
    .execute();
  const status = (kind: "owner" | "tenant", id: number): EmailStatus | null =>
    emails.find((e) => e.kind === kind && e.person_id === id) ?? null;
  const ownerRows =
    ownerTotals.size === 0
      ? []
      : await db
          .selectFrom("owners")
          .select(["id", "name", "email"])
          .where("id", "in", [...ownerTotals.keys()])
          .orderBy("name")
          .execute();
  const owners = ownerRows.map((o) => ({ ...o, ...ownerTotals.get(o.id)!, email_status: status("owner", o.id) }));
  const tenantRows = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select(["clients.id", "clients.name", "clients.email"])
    .select((eb) => eb.fn.sum<number>(eb.fn.coalesce("billing.amount_paid_cents", "billing.amount_cents")).as("paid"))
    .where("billing.status", "=", "paid")
    .where("billing.payment_date", ">=", `${year}-01-01`)
    .where("billing.payment_date", "<", `${year + 1}-01-01`)
    .groupBy("clients.id")
    .orderBy("clients.name")
    .execute();
  const tenants = tenantRows.map((t) => ({
    id: t.id,
    name: t.name,
    email: t.email,
    paidCents: Number(t.paid),
    email_status: status("tenant", t.id),
  }));
  return { owners, tenants };
}

// Each owner's year: received and net, as the statements charged the fees
// (the same lines as the owner's informe).
async function ownerYearTotals(db: DB, year: number) {
  const totals = new Map<number, { grossCents: number; netCents: number }>();
  for (const l of await ownedRentLines(db, yearRange(year))) {
    const t = totals.get(l.ownerId) ?? { grossCents: 0, netCents: 0 };
    totals.set(l.ownerId, { grossCents: t.grossCents + l.receivedCents, netCents: t.netCents + l.netCents });
  }
  return totals;
}

// The informes of a year as the page shows them (issue 34): one page of the
// owners with rents received and one page of the tenants with rents paid,
// each searched by name or CPF/CNPJ (?busca=) and alphabetical, with where
// their email stands. The owners' amounts are the informe's own arithmetic
// (ownedRentLines); SQL searches, orders and pages the owners that have some.
export async function incomeYearPage(db: DB, year: number, q: IncomeQuery) {
  const totals = await ownerYearTotals(db, year);
  const found = (table: "owners" | "clients") =>
    searchCondition(q.search, { text: [`${table}.name`], documents: [`${table}.cpf_cnpj`] });

  let owners = db
    .selectFrom("owners")
    .where(sql<boolean>`owners.id in (select value from json_each(${JSON.stringify([...totals.keys()])}))`);
  const ownerFound = found("owners");
  if (ownerFound) owners = owners.where(ownerFound);
  const ownerPage = await pageOf(owners, q.page, (query) =>
    query
      .select(["owners.id", "owners.name", "owners.email"])
      .orderBy(sql`fold(owners.name)`)
      .orderBy("owners.id"),
  );

  // Those who paid a rent in the year: the year's paid billings read once
  // (billing_paid_on), not a subquery a client.
  let tenants = db.selectFrom("clients").where(
    "clients.id",
    "in",
    db
      .selectFrom("billing")
      .select("billing.client_id")
      .where("billing.status", "=", "paid")
      .where("billing.payment_date", ">=", `${year}-01-01`)
      .where("billing.payment_date", "<", `${year + 1}-01-01`),
  );
  const tenantFound = found("clients");
  if (tenantFound) tenants = tenants.where(tenantFound);
  const tenantPage = await pageOf(tenants, q.tenantPage, (query) =>
    query
      .select(["clients.id", "clients.name", "clients.email"])
      .select(
        sql<number>`(select sum(coalesce(b.amount_paid_cents, b.amount_cents)) from billing b where b.client_id = clients.id and b.status = 'paid' and b.payment_date >= ${`${year}-01-01`} and b.payment_date < ${`${year + 1}-01-01`})`.as(
          "paid",
        ),
      )
      .orderBy(sql`fold(clients.name)`)
      .orderBy("clients.id"),
  );

  const people = [...ownerPage.rows.map((o) => o.id), ...tenantPage.rows.map((t) => t.id)];
  const emails = people.length
    ? await db
        .selectFrom("income_report_emails")
        .leftJoin("email_outbox", (join) => join.on(sql<boolean>`email_outbox.dedupe_key = ${incomeKeySql}`))
        .select([
          "income_report_emails.kind",
          "income_report_emails.person_id",
          "income_report_emails.queued_at",
          "email_outbox.sent_at",
          sql<number>`coalesce(email_outbox.attempts, 0)`.as("attempts"),
          "email_outbox.last_error",
        ])
        .where("income_report_emails.year", "=", year)
        .where("income_report_emails.person_id", "in", people)
        .execute()
    : [];
  const status = (kind: "owner" | "tenant", id: number): EmailStatus | null =>
    emails.find((e) => e.kind === kind && e.person_id === id) ?? null;
  return {
    owners: {
      ...ownerPage,
      rows: ownerPage.rows.map((o) => ({ ...o, ...totals.get(o.id)!, email_status: status("owner", o.id) })),
    },
    tenants: {
      ...tenantPage,
      rows: tenantPage.rows.map((t) => ({
        id: t.id,
        name: t.name,
        email: t.email,
        paidCents: Number(t.paid ?? 0),
        email_status: status("tenant", t.id),
      })),
    },
    // Whether the year has anything to send, whatever the search and the page.
    anyReport:
      totals.size > 0 ||
      (await db
        .selectFrom("billing")
        .select("billing.id")
        .where("billing.status", "=", "paid")
        .where("billing.payment_date", ">=", `${year}-01-01`)
        .where("billing.payment_date", "<", `${year + 1}-01-01`)
        .limit(1)
        .executeTakeFirst()) !== undefined,
  };
}
