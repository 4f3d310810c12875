import { formatDay } from "#app/models/clients/status";
import { whatsappHref } from "#app/models/leads/admin/request-status";
import { formatBRL } from "#app/models/shared/money";
import { periodLabel } from "./months";

// "WhatsApp" beside an overdue billing in the Em atraso queue (issue 34): a
// click-to-chat link (wa.me, no API, nothing sent by us) to the tenant's phone,
// with the reminder already written: the month, the due day, the amount due
// today (rent, late fee and interest, as the tenant's own Cobrança tab shows
// it) and, when the agency has a Pix key, the copy-and-paste code for that
// amount. Staff read it and press send. Pure and client-safe.

export type Reminder = {
  clientName: string;
  monthYear: string;
  dueDate: string;
  totalCents: number;
  agencyName: string;
  pixPayload: string | null;
};

export function reminderText(r: Reminder): string {
  const firstName = r.clientName.trim().split(/\s+/)[0] ?? r.clientName;
  const lines = [
    `Olá, ${firstName}! Aqui é da ${r.agencyName}.`,
    `O aluguel de ${periodLabel(r.monthYear)} venceu em ${formatDay(r.dueDate)} e ainda não consta como pago.`,
    `Valor para pagamento hoje: ${formatBRL(r.totalCents)} (com multa e juros).`,
  ];
  if (r.pixPayload) lines.push("Pix copia e cola:", r.pixPayload);
  lines.push("Se já pagou, desconsidere esta mensagem.");
  return lines.join("\n");
}

// The link, or null without a usable phone.
export function reminderHref(phone: string | null, r: Reminder): string | null {
  const base = phone ? whatsappHref(phone) : null;
  return base ? `${base}?text=${encodeURIComponent(reminderText(r))}` : null;
}
