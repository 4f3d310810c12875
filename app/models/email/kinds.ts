import { formatDateTime } from "#app/utils/format-date";

// The kinds of email the app sends (docs/decisions/0051-email-outbox.md), as
// the staff's "Emails" page names them. Client-safe.
export const EMAIL_KINDS = {
  billing_issued: "Cobrança disponível",
  billing_reminder: "Lembrete de vencimento",
  billing_overdue: "Cobrança em atraso",
  billing_receipt: "Recibo",
  // Sent by staff from Em atraso, once a day at most (billing/bulk-reminders.server.ts).
  billing_overdue_reminder: "Lembrete de atraso",
  owner_statement: "Extrato do proprietário",
  income_report_owner: "Informe de rendimentos (proprietário)",
  income_report_tenant: "Aluguéis pagos (inquilino)",
  readjustment: "Reajuste de aluguel",
  inspection_report: "Relatório de vistoria",
  // To the agency: a tenant's maintenance request, contest or proof (email/staff-alerts.server.ts).
  staff_alert: "Aviso à equipe",
  // To a contract's fiador when the lease says so (guarantees/guarantor-notices.server.ts).
  guarantor_overdue: "Aviso ao fiador",
  // A lease's Termo Aditivo or Termo de Encerramento to its parties (leases/document-emails.server.ts).
  lease_document: "Termo do contrato",
  // To an owner (decision 0077): arrears, an approval waiting, a lease ending, a readjustment applied.
  owner_notice: "Aviso ao proprietário",
} as const;
export type EmailKind = keyof typeof EMAIL_KINDS;
export const EMAIL_KIND_VALUES = Object.keys(EMAIL_KINDS) as [EmailKind, ...EmailKind[]];

export const emailKindLabel = (kind: string) =>
  Object.hasOwn(EMAIL_KINDS, kind) ? EMAIL_KINDS[kind as EmailKind] : kind;

export const EMAIL_STATUSES = { queued: "Na fila", sent: "Enviado", failed: "Não enviado (desistimos)" } as const;

// Where one email stands, in the words of the "Emails" page's Situação cell
// (and its CSV): sent when, given up after how many tries, or still queued.
export function emailStateText(e: { status: string; sent_at: string | null; attempts: number }) {
  const tries = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (e.status === "sent" && e.sent_at) return `Enviado em ${formatDateTime(e.sent_at)}`;
  if (e.status === "failed") return `Não enviado: desistimos após ${tries(e.attempts, "tentativa", "tentativas")}`;
  if (e.attempts > 0) return `Na fila (${tries(e.attempts, "tentativa falhou", "tentativas falharam")})`;
  return "Na fila";
}
