import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { escapeHtml } from "#app/models/billing/notice-email";
import { pdfAgency } from "#app/models/billing/settings.server";
import { enqueueEmail } from "#app/models/email/outbox.server";
import { removePrivateFiles, storePrivateFile } from "#app/models/files/private-store.server";
import { getAgency } from "#app/utils/env.server";
import { localToday } from "#app/models/shared/days";
import { log } from "#app/utils/log.server";
import { slicer } from "#app/models/shared/slicer";
import { issueOwnerIncomePdf, issueTenantIncomePdf } from "./income-documents.server";
import { incomeKeySql, incomePeople } from "./income-reports.server";
import { ownerIncomes, tenantIncomes, type OwnerIncome, type TenantIncome } from "./income-report.server";

// "Enviar por email" of the informes (docs/decisions/0043-income-reports.md):
// asking is idempotent (one request row per year, kind and person: asking
// again queues only who was not queued yet); each request becomes one email
// of the outbox (decision 0051), which sends and retries it.

type DB = Kysely<Database>;

// Requests an insert (5 values each, far below SQLite's parameter limit).
const QUEUE_BATCH = 250;
// Requests a turn of the job: their figures are read together (one query a
// batch of owners or tenants), then each PDF is drawn.
const PREPARE_BATCH = 100;

export const incomeKey = (year: number, kind: "owner" | "tenant", personId: number) =>
  `income-report:${year}:${kind}:${personId}`;

export async function queueIncomeReports(db: DB, year: number, actor: { name: string } | null) {
  const { owners, tenants } = await incomePeople(db, year);
  const people = [
    ...owners.filter((o) => o.email).map((o) => ({ kind: "owner" as const, id: o.id })),
    ...tenants.map((t) => ({ kind: "tenant" as const, id: t.id })),
  ];
  const now = new Date().toISOString();
  const queuedBy = actor?.name ?? "Sistema";
  let queued = 0;
  // One insert a few hundred people (thousands at 5,000 contracts: one insert
  // each held the event loop for the whole list), and a turn of the event
  // loop between inserts. Still one transaction (all asked or none): the
  // app's one connection stays with it until COMMIT, so other requests' queries
  // wait for it rather than join it (docs/decisions/0059).
  const pause = slicer();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < people.length; i += QUEUE_BATCH) {
      await pause();
      const result = await trx
        .insertInto("income_report_emails")
        .values(
          people
            .slice(i, i + QUEUE_BATCH)
            .map((p) => ({ year, kind: p.kind, person_id: p.id, queued_at: now, queued_by_name: queuedBy })),
        )
        .onConflict((oc) => oc.columns(["year", "kind", "person_id"]).doNothing())
        .executeTakeFirst();
      queued += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  });
  return { queued, withoutEmail: owners.filter((o) => !o.email).length };
}

function emailText(kind: "owner" | "tenant", name: string, year: number, agencyName: string) {
  const intro =
    kind === "owner"
      ? `Olá, ${name}. Segue em anexo o informe de rendimentos de aluguéis de ${year}: os aluguéis que recebemos por você, nossas taxas, os valores já repassados e os ainda a repassar, mês a mês.`
      : `Olá, ${name}. Segue em anexo o comprovante dos aluguéis pagos em ${year}, mês a mês, com os dados do locador, para a sua declaração de imposto de renda.`;
  const outro = `Dúvidas? Responda este email. ${agencyName}`;
  return {
    subject: kind === "owner" ? `Informe de rendimentos ${year}` : `Aluguéis pagos em ${year}`,
    text: [intro, outro].join("\n\n"),
    html: [intro, outro].map((p) => `<p>${escapeHtml(p)}</p>`).join("\n"),
  };
}

type Due = { id: number; kind: "owner" | "tenant"; person_id: number; year: number };

// The figures of a batch of requests, read together by year and kind.
async function figuresOf(db: DB, due: readonly Due[]) {
  const owners = new Map<string, OwnerIncome>();
  const tenants = new Map<string, TenantIncome>();
  for (const year of new Set(due.map((d) => d.year))) {
    const of = (kind: Due["kind"]) => due.filter((d) => d.year === year && d.kind === kind).map((d) => d.person_id);
    for (const [id, r] of await ownerIncomes(db, year, of("owner"))) owners.set(`${year}:${id}`, r);
    for (const [id, r] of await tenantIncomes(db, year, of("tenant"))) tenants.set(`${year}:${id}`, r);
  }
  return { owners, tenants };
}

async function message(db: DB, figures: Awaited<ReturnType<typeof figuresOf>>, row: Due) {
  const agency = pdfAgency();
  const today = localToday();
  const { year } = row;
  if (row.kind === "owner") {
    const r = figures.owners.get(`${year}:${row.person_id}`);
    if (!r?.owner.email) return null;
    const pdf = await issueOwnerIncomePdf(db, r, agency, today);
    return { to: r.owner.email, name: r.owner.name, pdf, file: `Informe de Rendimentos ${year}.pdf` };
  }
  const r = figures.tenants.get(`${year}:${row.person_id}`);
  if (!r) return null;
  const pdf = await issueTenantIncomePdf(db, r, agency, today);
  return { to: r.client.email, name: r.client.name, pdf, file: `Aluguéis Pagos em ${year}.pdf` };
}

// Turns the requests into emails in the outbox: each PDF drawn (off the
// request that asked: "Enviar por email" runs this in the background, the
// hourly job after it), kept as a private file the outbox attaches, and
// queued once (its dedupe key; of two runs at once the loser drops its file).
export async function prepareIncomeReportEmails(db: DB, now = new Date()) {
  const due = await db
    .selectFrom("income_report_emails")
    .leftJoin("email_outbox", (join) => join.on(sql<boolean>`email_outbox.dedupe_key = ${incomeKeySql}`))
    .select([
      "income_report_emails.id",
      "income_report_emails.kind",
      "income_report_emails.person_id",
      "income_report_emails.year",
    ])
    .where("email_outbox.id", "is", null)
    .orderBy("income_report_emails.id")
    .execute();
  let queued = 0;
  // The event loop gets a turn between two PDFs (each tens of milliseconds
  // of pdf-lib) and between two batches' queries.
  const pause = slicer();
  for (let i = 0; i < due.length; i += PREPARE_BATCH) {
    const batch = due.slice(i, i + PREPARE_BATCH);
    await pause();
    const figures = await figuresOf(db, batch);
    for (const row of batch) {
      await pause();
      const m = await message(db, figures, row);
      // The person is gone, or the owner's email was removed: nothing to send.
      if (!m) {
        log.warn("income_report.no_recipient", { id: row.id });
        continue;
      }
      const key = await storePrivateFile(m.pdf, ".pdf");
      const done = await enqueueEmail(
        db,
        {
          kind: row.kind === "owner" ? "income_report_owner" : "income_report_tenant",
          dedupeKey: incomeKey(row.year, row.kind, row.person_id),
          ref: `income-report:${row.year}`,
          to: m.to,
          ...emailText(row.kind, m.name, row.year, getAgency().name),
          attachments: [{ file_key: key, filename: m.file, content_type: "application/pdf" }],
        },
        now,
      ).catch(async (error: unknown) => {
        await removePrivateFiles([key]);
        throw error;
      });
      if (done) queued += 1;
      else await removePrivateFiles([key]);
    }
  }
  if (queued > 0) log.info("income_report.queued", { queued });
  return { queued };
}
