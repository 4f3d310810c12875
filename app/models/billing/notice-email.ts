import type { BillingNoticeKind } from "#app/db/schema";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import { interestLabel, lateFeeLabel, type Charges } from "./charges";
import { periodLabel } from "./months";
import { daysBetween } from "#app/models/shared/days";

// The words of each email notice of a billing
// (docs/decisions/0034-billing-notices.md): Portuguese, plain text and a
// simple HTML copy where every value is escaped. Pure: the job gives it the
// facts of the day the notice is sent (the amount due that day, its Pix).

export type EmailContent = { subject: string; text: string; html: string };

export type ChargeNoticeInput = {
  agencyName: string;
  clientName: string;
  month_year: string;
  due_date: string;
  today: string;
  charges: Charges; // chargesOn(billing, today)
  pix: string | null; // Pix Copia e Cola for charges.total, when the agency has a key
  link: string; // the client area's billing tab
};

export type ReceiptNoticeInput = {
  agencyName: string;
  clientName: string;
  month_year: string;
  link: string;
  receipt: {
    id: number;
    payment_date: string;
    days_late: number;
    late_fee_bp: number;
    rent_cents: number;
    late_fee_cents: number;
    interest_cents: number;
    adjustment_cents: number;
    total_cents: number;
    // What the billing still owed after it (the ledger, decision 0061); null
    // for a receipt of the flat shape.
    open_after_cents?: number | null;
  };
};

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

// A message as a list of blocks, written once as text and once as HTML.
type Block =
  | { p: string }
  | { items: [label: string, value: string][] }
  | { code: string } // the Pix payload: one unbroken line to copy
  | { link: string };

function render(blocks: Block[]) {
  const text = blocks
    .map((b) =>
      "p" in b
        ? b.p
        : "items" in b
          ? b.items.map(([label, value]) => `${label}: ${value}`).join("\n")
          : "code" in b
            ? b.code
            : b.link,
    )
    .join("\n\n");
  const html = blocks
    .map((b) => {
      if ("p" in b) return `<p>${escapeHtml(b.p).replace(/\n/g, "<br>")}</p>`;
      if ("items" in b)
        return `<table>${b.items
          .map(
            ([label, value]) => `<tr><td>${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`,
          )
          .join("")}</table>`;
      if ("code" in b) return `<p style="font-family:monospace;word-break:break-all">${escapeHtml(b.code)}</p>`;
      return `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`;
    })
    .join("\n");
  return { text: `${text}\n`, html: `<!doctype html>\n<html lang="pt-BR"><body>\n${html}\n</body></html>\n` };
}

function pixBlocks(pix: string | null, total: number): Block[] {
  if (!pix) return [];
  return [
    { p: `Pix Copia e Cola (${formatBRL(total)}): copie o código abaixo e cole no aplicativo do seu banco.` },
    { code: pix },
  ];
}

const SEE_CHARGE = "Veja a cobrança e o boleto, quando houver, na Área do Cliente:";

function closing(input: { agencyName: string; link: string }, where: string): Block[] {
  return [{ p: where }, { link: input.link }, { p: `Atenciosamente,\n${input.agencyName}` }];
}

export function chargeNoticeEmail(kind: Exclude<BillingNoticeKind, "receipt">, input: ChargeNoticeInput): EmailContent {
  const period = periodLabel(input.month_year);
  const due = formatDay(input.due_date);
  const c = input.charges;
  const hello: Block = { p: `Olá, ${input.clientName}.` };
  if (kind === "overdue") {
    return {
      subject: `Cobrança em atraso: aluguel de ${period}`,
      ...render([
        hello,
        { p: `O aluguel de ${period}, com vencimento em ${due}, ainda não consta como pago em nossos registros.` },
        { p: `Valor para pagamento hoje, ${formatDay(input.today)}:` },
        {
          items: [
            ["Aluguel", formatBRL(c.rent)],
            [lateFeeLabel(c.lateFeeBp), formatBRL(c.lateFee)],
            [interestLabel(c.days), formatBRL(c.interest)],
            ["Total a pagar hoje", formatBRL(c.total)],
          ],
        },
        ...pixBlocks(input.pix, c.total),
        { p: "Os juros crescem a cada dia de atraso. Se você já pagou, desconsidere este aviso." },
        ...closing(input, SEE_CHARGE),
      ]),
    };
  }
  const items: Block = {
    items: [
      ["Período", period],
      ["Valor", formatBRL(c.total)],
      ["Vencimento", due],
    ],
  };
  if (kind === "reminder") {
    const left = daysBetween(input.today, input.due_date);
    const when = left === 0 ? `vence hoje, ${due}` : `vence em ${due}`;
    return {
      subject: `Lembrete: aluguel de ${period} vence em ${due}`,
      ...render([
        hello,
        { p: `Lembrete: o aluguel de ${period} ${when}.` },
        items,
        ...pixBlocks(input.pix, c.total),
        { p: "Se você já pagou, desconsidere este lembrete." },
        ...closing(input, SEE_CHARGE),
      ]),
    };
  }
  return {
    subject: `Cobrança disponível: aluguel de ${period}`,
    ...render([
      hello,
      { p: `A cobrança do aluguel de ${period} já está disponível.` },
      items,
      ...pixBlocks(input.pix, c.total),
      ...closing(input, SEE_CHARGE),
    ]),
  };
}

// The reminder staff send from Em atraso ("Enviar lembrete por email aos
// selecionados", bulk-reminders.server.ts): the overdue notice's facts (the
// amount due today itemized, its Pix), asked for by a person, so it says it
// is a reminder; its subject differs from the charging job's notice.
export function overdueReminderEmail(input: ChargeNoticeInput): EmailContent {
  const period = periodLabel(input.month_year);
  const c = input.charges;
  return {
    subject: `Lembrete: aluguel de ${period} em atraso`,
    ...render([
      { p: `Olá, ${input.clientName}.` },
      {
        p: `Lembramos que o aluguel de ${period}, com vencimento em ${formatDay(input.due_date)}, ainda não consta como pago em nossos registros.`,
      },
      { p: `Valor para pagamento hoje, ${formatDay(input.today)}:` },
      {
        items: [
          ["Aluguel", formatBRL(c.rent)],
          [lateFeeLabel(c.lateFeeBp), formatBRL(c.lateFee)],
          [interestLabel(c.days), formatBRL(c.interest)],
          ["Total a pagar hoje", formatBRL(c.total)],
        ],
      },
      ...pixBlocks(input.pix, c.total),
      { p: "Se você já pagou, desconsidere este lembrete." },
      ...closing(input, SEE_CHARGE),
    ]),
  };
}

export function receiptNoticeEmail(input: ReceiptNoticeInput): EmailContent {
  const r = input.receipt;
  const period = periodLabel(input.month_year);
  const open = r.open_after_cents ?? 0;
  const items: [string, string][] = [[open > 0 ? "Aluguel (parte)" : "Aluguel", formatBRL(r.rent_cents)]];
  if (r.late_fee_cents > 0) items.push([lateFeeLabel(r.late_fee_bp), formatBRL(r.late_fee_cents)]);
  if (r.interest_cents > 0) items.push([interestLabel(r.days_late), formatBRL(r.interest_cents)]);
  if (r.adjustment_cents < 0) items.push(["Desconto", `- ${formatBRL(-r.adjustment_cents)}`]);
  if (r.adjustment_cents > 0) items.push(["Acréscimo", formatBRL(r.adjustment_cents)]);
  items.push(["Total pago", formatBRL(r.total_cents)]);
  if (open > 0) items.push(["Saldo em aberto", formatBRL(open)]);
  return {
    subject: `Recibo de Aluguel nº ${r.id}`,
    ...render([
      { p: `Olá, ${input.clientName}.` },
      {
        p: `${input.agencyName} recebeu o pagamento do aluguel de ${period} em ${formatDay(r.payment_date)}. O Recibo de Aluguel nº ${r.id} segue anexo, em PDF.`,
      },
      { items },
      ...(open > 0
        ? [
            {
              p: `Este recibo quita somente os valores acima. Permanece em aberto o saldo de ${formatBRL(open)} do aluguel de ${period}, acrescido dos encargos até o pagamento.`,
            },
          ]
        : []),
      ...closing(input, "O histórico das suas cobranças está na Área do Cliente:"),
    ]),
  };
}
