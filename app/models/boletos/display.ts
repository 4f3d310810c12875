import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { formatBRL, type Cents } from "#app/models/shared/money";
import { decodeDigitableLine } from "./boleto-line";
import { severalSlipsNotice } from "./boleto-reading";
import type { BoletoStep, MatchableBilling } from "./match";

// How a boleto's reading is shown to the admin. Client-safe.

// 47 digits (bank): "00190.00009 01234.567890 12345.678901 1 10000000125000";
// 48 digits (collection): four blocks of 11 digits and their check digit.
export function formatDigitableLine(digits: string | null) {
  if (!digits) return null;
  if (digits.length === 47) {
    const d = digits;
    return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
  }
  if (digits.length === 48) {
    return [0, 12, 24, 36].map((i) => `${digits.slice(i, i + 11)}-${digits[i + 11]}`).join(" ");
  }
  return digits;
}

const SOURCES: Record<string, string> = {
  line: "linha digitável (conferida pelos dígitos verificadores)",
  barcode: "código de barras (conferido pelos dígitos verificadores)",
  text: "texto do documento (confira os valores)",
};

export const boletoSourceLabel = (source: string | null) =>
  source ? (SOURCES[source] ?? source) : "nada foi encontrado no arquivo";

// The billing a boleto joins, as the review page and the awaiting list name it:
// "cobrança de outubro de 2026 (R$ 1.500,00, vencimento 05/10/2026)".
export const billingName = (b: Pick<MatchableBilling, "month_year" | "due_date" | "amount_cents" | "status">) =>
  `cobrança de ${periodLabel(b.month_year)} (${formatBRL(b.amount_cents)}, vencimento ${formatDay(b.due_date)}${b.status === "paid" ? ", paga" : ""})`;

// The review page, before "Confirmar e Criar Cobrança" (issue 19).
export const joinNotice = (b: Parameters<typeof billingName>[0]) =>
  `Já existe a ${billingName(b)}: o boleto será anexado a ela.`;
export const updateAmountLabel = (cents: number) => `Atualizar o valor da cobrança para ${formatBRL(cents)}`;
export const keepAmountHint = (b: MatchableBilling) =>
  `Sem marcar, a cobrança continua com ${formatBRL(b.amount_cents)}.`;
export const PAID_KEEPS_AMOUNT = "A cobrança já está paga: o valor dela não muda.";
export const createNotice = (monthYear: string) => `Será criada a cobrança de ${periodLabel(monthYear)}.`;

// Where the same digitable line is registered already (queue.server.ts,
// findLineOwner): the refusal of "Confirmar e Criar Cobrança".
export type LineOwnerView =
  | { kind: "billing"; client_name: string; month_year: string }
  | { kind: "queued"; client_name: string; file_name: string };
export const DUPLICATE_TITLE = "Boleto já registrado";
export function duplicateLineMessage(owner: LineOwnerView) {
  const where =
    owner.kind === "billing"
      ? `na cobrança de ${periodLabel(owner.month_year)} de ${owner.client_name}`
      : `em outro boleto aguardando processamento (${owner.file_name}, de ${owner.client_name})`;
  return `Este boleto já foi registrado: a mesma linha digitável está ${where}. Use "Analisar Novamente" para descartá-lo.`;
}

// What "Processar N Boletos" will do with an awaiting boleto (planBoletos).
export function stepText(
  step: BoletoStep<MatchableBilling>,
  boleto: { amount_cents: number | null; month_year: string | null },
) {
  switch (step.kind) {
    case "incomplete":
      return "Sem vencimento, valor ou mês de referência: não gera cobrança.";
    case "duplicate":
      return "Linha digitável já registrada em outra cobrança ou boleto: não gera cobrança. Remova-o da lista.";
    case "create":
      return `Cria a cobrança de ${periodLabel(boleto.month_year ?? "")}.`;
    case "join": {
      const target = step.billing
        ? billingName(step.target)
        : `cobrança de ${periodLabel(step.target.month_year)} criada por outro boleto desta lista`;
      const amount =
        step.updateAmount && boleto.amount_cents !== null ? ` O valor passa a ${formatBRL(boleto.amount_cents)}.` : "";
      return `Será anexado à ${target}.${amount}`;
    }
  }
}

// The boletos "Processar N Boletos" counts: those that create or join a billing.
export const willProcess = (step: { kind: string }) => step.kind === "create" || step.kind === "join";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// The toast of "Processar N Boletos": how many billings were created, how
// many boletos joined billings that exist (and how many of those changed the
// amount), and what stays on the list. null: nothing was processed.
export function processedText(r: {
  created: readonly unknown[];
  joined: readonly unknown[];
  amountsUpdated: readonly unknown[];
  skipped: number;
  duplicates: number;
}) {
  const done: string[] = [];
  if (r.created.length)
    done.push(
      plural(r.created.length, "cobrança criada com o boleto anexado", "cobranças criadas com o boleto anexado"),
    );
  if (r.joined.length) {
    const updated = r.amountsUpdated.length
      ? ` (${plural(r.amountsUpdated.length, "valor atualizado", "valores atualizados")})`
      : "";
    done.push(
      `${plural(r.joined.length, "boleto anexado a uma cobrança existente", "boletos anexados a cobranças existentes")}${updated}`,
    );
  }
  const left: string[] = [];
  if (r.skipped)
    left.push(
      `${plural(r.skipped, "boleto sem vencimento, valor ou mês continua", "boletos sem vencimento, valor ou mês continuam")} na lista.`,
    );
  if (r.duplicates)
    left.push(
      `${plural(r.duplicates, "boleto com linha digitável já registrada continua", "boletos com linha digitável já registrada continuam")} na lista.`,
    );
  return { done: done.length ? `${done.join(" e ")}.` : null, left: left.join(" ") };
}

// ---- a page of several boletos (a carnê; decision 0038) --------------------

// The review page's address carries the page's lines (`?boletos=…`, digits,
// comma-separated), so that staff may choose another slip, with or without
// JavaScript. Only lines whose check digits hold are shown; choosing one
// reads the stored file again (slips.server.ts), never this list.
export const SLIPS_PARAM = "boletos";
const MAX_SLIPS = 12;

export type SlipChoice = { index: number; line: string; dueDate: string | null; amountCents: Cents | null };

export function slipsFromParam(param: string | null, today: string): SlipChoice[] {
  if (!param) return [];
  const slips: SlipChoice[] = [];
  for (const [index, line] of param.split(",").slice(0, MAX_SLIPS).entries()) {
    const decoded = /^\d{47,48}$/.test(line) ? decodeDigitableLine(line, today) : null;
    if (!decoded) return [];
    slips.push({ index, line, dueDate: decoded.dueDate, amountCents: decoded.amountCents });
  }
  return slips.length > 1 ? slips : [];
}

// "3 boletos nesta página; lido o primeiro" (the reader's notice), or which one is in use.
export function slipsNotice(count: number, chosen: number) {
  return chosen <= 0 ? severalSlipsNotice(count) : `${count} boletos nesta página; usado o ${chosen + 1}º`;
}

export const slipLabel = (s: SlipChoice) =>
  `Boleto ${s.index + 1}: vencimento ${s.dueDate ? formatDay(s.dueDate) : "não encontrado"}, ${s.amountCents !== null ? formatBRL(s.amountCents) : "valor não encontrado"}`;
