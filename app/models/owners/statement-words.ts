import type { OwnerEntryKind } from "#app/db/schema";
import { formatPercent } from "#app/models/billing/charges";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import type { StatementDeduction, StatementLine } from "./statement";

// An owner statement's lines in words (issue 37, decision 0077): what the
// owner reads in their area and on the statement's PDF, each amount with the
// sentence that says what it is, so that "Valor repassado R$ 221,90" for a
// R$ 2.100,00 rent explains itself. Client-safe and pure.

export type WordedAmount = {
  label: string;
  // What the amount does to the transfer: +, − or nothing (information).
  sign: "+" | "-" | "=";
  cents: number;
  note: string | null;
};

export const FIRST_RENT_NOTE =
  "Remuneração da imobiliária por encontrar o inquilino e fazer o contrato (intermediação), cobrada uma única vez, sobre o primeiro aluguel; nesse mês não há taxa de administração.";

export const WITHHELD_NOTE =
  "O inquilino é empresa e reteve o Imposto de Renda deste aluguel para recolher à Receita Federal em seu nome: não passa pela imobiliária, e entra na sua declaração como imposto retido na fonte.";

// One rent of a statement: what was received, the fees, what it adds to the transfer.
export function wordedLine(l: StatementLine): WordedAmount[] {
  const rentReceived = l.receivedCents - l.chargesCents;
  const out: WordedAmount[] = [
    {
      label: `Aluguel de ${periodLabel(l.monthYear)} recebido em ${formatDay(l.paymentDate)}`,
      sign: "+",
      cents: rentReceived,
      note: l.shareBp === undefined ? null : `Sua quota de ${formatPercent(l.shareBp)}% do aluguel.`,
    },
  ];
  if (l.chargesCents > 0)
    out.push({
      label: "Multa e juros por atraso",
      sign: "+",
      cents: l.chargesCents,
      note: `O aluguel venceu em ${formatDay(l.dueDate)} e foi pago depois; multa e juros são seus.`,
    });
  if (l.withheldCents)
    out.push({ label: "IRRF retido pelo inquilino", sign: "=", cents: l.withheldCents, note: WITHHELD_NOTE });
  if (l.firstRentFeeCents > 0)
    out.push({
      label: `Taxa do primeiro aluguel (${formatPercent(l.firstRentFeeBp)}% do aluguel)`,
      sign: "-",
      cents: l.firstRentFeeCents,
      note: FIRST_RENT_NOTE,
    });
  if (l.adminFeeCents > 0)
    out.push({
      label: `Taxa de administração (${formatPercent(l.adminFeeBp)}%)`,
      sign: "-",
      cents: l.adminFeeCents,
      note:
        l.feeBase === "rent"
          ? "Sobre o aluguel, sem multa e juros, como o contrato de administração diz."
          : l.withheldCents
            ? "Sobre o aluguel (antes do IRRF retido), a multa e os juros, como o contrato de administração diz."
            : "Sobre tudo o que foi recebido neste pagamento, como o contrato de administração diz.",
    });
  if (l.reimbursedCents)
    out.push({
      label: "Encargos pagos pelo inquilino e repassados (IPTU, condomínio...)",
      sign: "+",
      cents: l.reimbursedCents,
      note: "Repassados inteiros, sem taxa: não são rendimento de aluguel.",
    });
  return out;
}

const ENTRY_NOTES: Record<OwnerEntryKind, string> = {
  deduction: "Despesa paga pela imobiliária por sua conta.",
  estorno: "Um pagamento já repassado foi devolvido ou cancelado; o valor volta para a imobiliária.",
  carry: "Descontos que o extrato anterior não cobriu passam para este.",
};

// An owner entry a statement took (a deduction, an estorno, a carried balance).
export function wordedDeduction(d: StatementDeduction): WordedAmount {
  const cancelled = d.amountCents < 0;
  return {
    label: d.description,
    sign: cancelled ? "+" : "-",
    cents: Math.abs(d.amountCents),
    note: cancelled ? "Cancelamento de um desconto lançado antes." : ENTRY_NOTES[d.kind],
  };
}
