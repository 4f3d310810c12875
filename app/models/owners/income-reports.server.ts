import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
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
  const lines = await ownedRentLines(db, yearRange(year));
  const ownerTotals = new Map<number, { grossCents: number; netCents: number }>();
  for (const l of lines) {
    const t = ownerTotals.get(l.ownerId) ?? { grossCents: 0, netCents: 0 };
    ownerTotals.set(l.ownerId, { grossCents: t.grossCents + l.receivedCents, netCents: t.netCents + l.netCents });
  }
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
