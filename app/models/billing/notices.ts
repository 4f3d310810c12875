import type { BillingNoticeKind } from "#app/db/schema";
import { isIssued } from "./charges";
import { daysBetween } from "#app/models/shared/days";

// Which email notices a billing calls for on a given day
// (docs/decisions/0034-billing-notices.md). Pure and client-safe. The hourly
// job queues each kind at most once per billing (the email outbox's dedupe
// key, docs/decisions/0051-email-outbox.md) and asks again before sending, so
// a notice that is no longer true (the billing was paid, the receipt voided)
// is dropped instead.
//
// - issued ("Cobrança disponível"): open and issued, more than 3 days before
//   the due date. A billing first seen closer than that gets the reminder
//   instead; one first seen overdue gets the overdue notice only.
// - reminder: open and issued, from 3 days before the due date to the day.
// - overdue ("Cobrança em atraso"): open and past its due date.
// - receipt: a receipt in force.
// "Open" is pending or overdue: both are still owed.

export const REMINDER_DAYS = 3;

// Only what happened lately is announced (decision 0051): an overdue notice
// for a billing due at most this many days ago, a receipt for a payment made
// at most this many days ago. The first start of a database with years of
// open or paid billings (an import, the demo) emails the last months only.
export const NOTICE_WINDOW_DAYS = 90;

export const NOTICE_KINDS = [
  "issued",
  "reminder",
  "overdue",
  "receipt",
] as const satisfies readonly BillingNoticeKind[];

const LABELS: Record<BillingNoticeKind, string> = {
  issued: "Cobrança disponível",
  reminder: "Lembrete de vencimento",
  overdue: "Cobrança em atraso",
  receipt: "Recibo",
};

export const noticeLabel = (kind: string) => (Object.hasOwn(LABELS, kind) ? LABELS[kind as BillingNoticeKind] : kind);

export type NoticeFacts = {
  status: string; // stored status
  due_date: string;
  grace_until: string; // late only after it (decision 0066)
  hasReceipt: boolean; // a billing_receipts row with voided_at null
};

const isOpen = (status: string) => status === "pending" || status === "overdue";

export function noticeApplies(kind: BillingNoticeKind, b: NoticeFacts, today: string, issueDays: number) {
  if (kind === "receipt") return b.hasReceipt;
  if (!isOpen(b.status)) return false;
  const daysLeft = daysBetween(today, b.due_date);
  const issued = isIssued(b.due_date, today, issueDays);
  switch (kind) {
    case "issued":
      return issued && daysLeft > REMINDER_DAYS;
    case "reminder":
      return issued && daysLeft >= 0 && daysLeft <= REMINDER_DAYS;
    case "overdue":
      return b.grace_until < today;
  }
}

export function noticeKindsFor(b: NoticeFacts, today: string, issueDays: number): BillingNoticeKind[] {
  return NOTICE_KINDS.filter((kind) => noticeApplies(kind, b, today, issueDays));
}
