import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { escapeHtml } from "#app/models/billing/notice-email";
import { pdfAgency } from "#app/models/billing/settings.server";
import { sendEmail } from "#app/utils/email.server";
import { getAgency } from "#app/utils/env.server";
import { localToday } from "#app/utils/local-date";
import { log, reasonOf, scrub } from "#app/utils/log.server";
import { renderOwnerIncomePdf, renderTenantIncomePdf } from "./income-report-pdf.server";
import { incomeYear, ownerIncome, tenantIncome } from "./income-reports.server";

// "Enviar por email" of the informes (docs/decisions/0043-income-reports.md):
// queueing is idempotent (one row per year, kind and person: asking again
// queues only who was not queued yet); each email is claimed before it is
// sent, its PDF drawn at sending time, a failure counted and retried by the
// hourly job up to MAX_ATTEMPTS.

type DB = Kysely<Database>;
export const MAX_ATTEMPTS = 24;

export async function queueIncomeReports(db: DB, year: number, actor: { name: string } | null) {
  const { owners, tenants } = await incomeYear(db, year);
  const people = [
    ...owners.filter((o) => o.email).map((o) => ({ kind: "owner" as const, id: o.id })),
    ...tenants.map((t) => ({ kind: "tenant" as const, id: t.id })),
  ];
  const now = new Date().toISOString();
  let queued = 0;
  await db.transaction().execute(async (trx) => {
    for (const p of people) {
      const row = await trx
        .insertInto("income_report_emails")
        .values({ year, kind: p.kind, person_id: p.id, queued_at: now, queued_by_name: actor?.name ?? "Sistema" })
        .onConflict((oc) => oc.columns(["year", "kind", "person_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (row) queued += 1;
    }
  });
  return { queued, withoutEmail: owners.filter((o) => !o.email).length };
}

function emailText(kind: "owner" | "tenant", name: string, year: number, agencyName: string) {
  const intro =
    kind === "owner"
      ? `Olá, ${name}. Segue em anexo o informe de rendimentos de aluguéis de ${year}: os aluguéis que recebemos por você, nossas taxas e os valores repassados, mês a mês.`
      : `Olá, ${name}. Segue em anexo o comprovante dos aluguéis pagos em ${year}, mês a mês, com os dados do locador, para a sua declaração de imposto de renda.`;
  const outro = `Dúvidas? Responda este email. ${agencyName}`;
  return {
    subject: kind === "owner" ? `Informe de rendimentos ${year}` : `Aluguéis pagos em ${year}`,
    text: [intro, outro].join("\n\n"),
    html: [intro, outro].map((p) => `<p>${escapeHtml(p)}</p>`).join("\n"),
  };
}

async function message(db: DB, kind: "owner" | "tenant", id: number, year: number) {
  const agency = pdfAgency();
  const today = localToday();
  if (kind === "owner") {
    const r = await ownerIncome(db, id, year);
    if (!r?.owner.email) return null;
    const pdf = await renderOwnerIncomePdf(r, agency, today);
    return { to: r.owner.email, name: r.owner.name, pdf, file: `Informe de Rendimentos ${year}.pdf` };
  }
  const r = await tenantIncome(db, id, year);
  if (!r) return null;
  const pdf = await renderTenantIncomePdf(r, agency, today);
  return { to: r.client.email, name: r.client.name, pdf, file: `Aluguéis Pagos em ${year}.pdf` };
}

export async function sendIncomeReports(db: DB, now = new Date()) {
  const due = await db
    .selectFrom("income_report_emails")
    .select(["id", "kind", "person_id", "year"])
    .where("sent_at", "is", null)
    .where("attempts", "<", MAX_ATTEMPTS)
    .orderBy("id")
    .execute();
  const counts = { sent: 0, failed: 0 };
  for (const row of due) {
    const claimed = await db
      .updateTable("income_report_emails")
      .set({ sent_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("sent_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!claimed) continue;
    try {
      const m = await message(db, row.kind, row.person_id, row.year);
      // The person is gone, or the owner's email was removed: nothing to send.
      if (!m) throw new Error("sem destinatário");
      await sendEmail({
        to: m.to,
        ...emailText(row.kind, m.name, row.year, getAgency().name),
        attachments: [{ filename: m.file, content: Buffer.from(m.pdf), contentType: "application/pdf" }],
      });
      await db.updateTable("income_report_emails").set({ last_error: null }).where("id", "=", row.id).execute();
      counts.sent += 1;
    } catch (error) {
      log.warn("income_report.email_failed", { id: row.id, error: reasonOf(error) });
      await db
        .updateTable("income_report_emails")
        .set({ sent_at: null, attempts: sql`attempts + 1`, last_error: scrub(reasonOf(error)).slice(0, 200) })
        .where("id", "=", row.id)
        .execute();
      counts.failed += 1;
    }
  }
  if (counts.sent + counts.failed > 0) log.info("income_report.emails", counts);
  return counts;
}
