import fs from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { escapeHtml } from "#app/models/billing/notice-email";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { privateFilePath } from "#app/models/files/private-store.server";
import { sendEmail } from "#app/utils/email.server";
import { getAgency } from "#app/utils/env.server";
import { formatBRL } from "#app/utils/format";
import { log, reasonOf, scrub } from "#app/utils/log.server";

// The owner's copy of each final statement (docs/decisions/0040-owner-transfers.md),
// sent by the hourly job with the PDF attached: once (the row is claimed
// before sending, so two runs cannot both send it), retried hourly on failure
// up to MAX_ATTEMPTS. An owner without an email gets it once one is recorded.

type DB = Kysely<Database>;
export const MAX_ATTEMPTS = 24;

export function ownerStatementEmail(
  s: { id: number; month: string; net_cents: number; transferred_on: string; owner_name: string },
  agencyName: string,
) {
  const period = periodLabel(s.month);
  const intro = `Olá, ${s.owner_name}. Segue o extrato do proprietário nº ${s.id}, dos aluguéis recebidos em ${period}.`;
  const transfer = `Valor repassado: ${formatBRL(s.net_cents)}, em ${formatDay(s.transferred_on)}.`;
  const outro = `O extrato detalhado está em anexo (PDF). Dúvidas? Responda este email. ${agencyName}`;
  return {
    subject: `Extrato do proprietário nº ${s.id}: repasse de ${period}`,
    text: [intro, transfer, outro].join("\n\n"),
    html: [intro, transfer, outro].map((p) => `<p>${escapeHtml(p)}</p>`).join("\n"),
  };
}

export async function sendOwnerStatements(db: DB, now = new Date()) {
  const due = await db
    .selectFrom("owner_statements")
    .innerJoin("owners", "owners.id", "owner_statements.owner_id")
    .select(["owner_statements.id"])
    .where("owner_statements.sent_at", "is", null)
    .where("owner_statements.attempts", "<", MAX_ATTEMPTS)
    .where("owners.email", "is not", null)
    .orderBy("owner_statements.id")
    .execute();
  const counts = { sent: 0, failed: 0 };
  for (const { id } of due) {
    const claimed = await db
      .updateTable("owner_statements")
      .set({ sent_at: now.toISOString() })
      .where("id", "=", id)
      .where("sent_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!claimed) continue;
    const s = await db
      .selectFrom("owner_statements")
      .innerJoin("owners", "owners.id", "owner_statements.owner_id")
      .select([
        "owner_statements.id",
        "owner_statements.month",
        "owner_statements.net_cents",
        "owner_statements.transferred_on",
        "owner_statements.file_key",
        "owner_statements.file_name",
        "owners.name as owner_name",
        "owners.email",
      ])
      .where("owner_statements.id", "=", id)
      .executeTakeFirstOrThrow();
    try {
      const content = await fs.readFile(privateFilePath(s.file_key));
      await sendEmail({
        to: s.email!,
        ...ownerStatementEmail(s, getAgency().name),
        attachments: [{ filename: s.file_name, content, contentType: "application/pdf" }],
      });
      await db.updateTable("owner_statements").set({ last_error: null }).where("id", "=", id).execute();
      counts.sent += 1;
    } catch (error) {
      log.warn("owner_statement.email_failed", { statementId: id, error: reasonOf(error) });
      await db
        .updateTable("owner_statements")
        .set({ sent_at: null, attempts: sql`attempts + 1`, last_error: scrub(reasonOf(error)).slice(0, 200) })
        .where("id", "=", id)
        .execute();
      counts.failed += 1;
    }
  }
  if (counts.sent + counts.failed > 0) log.info("owner_statement.emails", counts);
  return counts;
}
