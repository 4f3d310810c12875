import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { enqueueEmails, type OutboxEmail } from "#app/models/email/outbox.server";
import { owedOn, type OwedTerms } from "#app/models/ledger/owed";
import { chunks } from "#app/models/shared/chunks";
import { formatBRL } from "#app/models/shared/money";
import { getAgency } from "#app/utils/env.server";

// The fiador told of arrears (issue 36, docs/decisions/0066-lease-dates.md):
// when a contract's guarantee says so (guarantees.copy_on_arrears, with the
// guarantor's email), each "Cobrança em atraso" the tenant is sent has its
// own email to the guarantor, once per billing ("billing:<id>:overdue:fiador"),
// queued with the tenant's. Its own message, not a copy: the guarantor reads
// what is late and how much, not the tenant's Pix or link.

type DB = Kysely<Database>;

export const guarantorKey = (billingId: number) => `billing:${billingId}:overdue:fiador`;

type Overdue = OwedTerms & {
  id: number;
  month_year: string;
  due_date: string;
  name: string;
  client_id: number;
};

export function guarantorEmail(
  b: Overdue,
  g: { provider_name: string | null; provider_email: string },
  agency: { name: string; phone?: string | null; email: string },
  today: string,
): OutboxEmail {
  const owed = owedOn(b, today).total;
  return {
    kind: "guarantor_overdue",
    dedupeKey: guarantorKey(b.id),
    ref: `billing:${b.id}`,
    to: g.provider_email,
    subject: `Aviso ao fiador: aluguel em atraso de ${b.name}`,
    text: [
      `Olá${g.provider_name ? `, ${g.provider_name}` : ""}.`,
      "",
      `O aluguel de ${periodLabel(b.month_year)} do contrato de locação de ${b.name}, vencido em ${formatDay(b.due_date)}, está em atraso.`,
      `Valor em aberto hoje (${formatDay(today)}), com multa e juros: ${formatBRL(owed)}.`,
      "",
      "Você recebe este aviso como fiador(a) do contrato, como o contrato prevê.",
      `Dúvidas: ${agency.name}, ${agency.email}.`,
    ].join("\n"),
  };
}

// The guarantors' emails for these billings whose overdue notice is being
// queued now. Returns how many were queued.
export async function queueGuarantorNotices(db: DB, billingIds: readonly number[], today: string, now = new Date()) {
  if (billingIds.length === 0) return 0;
  const agency = getAgency();
  let queued = 0;
  for (const ids of chunks([...new Set(billingIds)], 500)) {
    const rows = await db
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .innerJoin("guarantees", "guarantees.client_id", "billing.client_id")
      .select([
        "billing.id",
        "billing.client_id",
        "billing.month_year",
        "billing.amount_cents",
        "billing.due_date",
        "billing.grace_until",
        "billing.open_cents",
        "billing.rent_open_cents",
        "billing.accrued_through",
        "clients.name",
        "clients.late_fee_bp",
        "clients.monthly_interest_bp",
        "guarantees.provider_name",
        "guarantees.provider_email",
      ])
      .where("billing.id", "in", ids)
      .where("guarantees.copy_on_arrears", "=", 1)
      .where("guarantees.provider_email", "is not", null)
      .where("billing.status", "!=", "paid")
      .execute();
    queued += await enqueueEmails(
      db,
      rows.map((r) => guarantorEmail(r, { ...r, provider_email: r.provider_email! }, agency, today)),
      now,
    );
  }
  return queued;
}
