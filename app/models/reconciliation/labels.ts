import type { StatementKind, StatementMatchKind } from "#app/db/schema";
import { formatBRL } from "#app/models/shared/money";

// The words of reconciliation (docs/product.md §Conciliação), client-safe.

export const STATEMENT_KIND_LABELS: Record<StatementKind, string> = {
  ofx: "OFX",
  cnab240: "CNAB 240 (retorno)",
  cnab400: "CNAB 400 (retorno)",
};

export const MATCH_KIND_LABELS: Record<StatementMatchKind, string> = {
  exact: "Exata",
  probable: "Provável",
  none: "Sem correspondência",
  already: "Já conciliado",
};

const REASON_LABELS: Record<string, string> = {
  txid: "identificador Pix da cobrança",
  boleto: "nosso número do boleto",
  name: "nome do pagador e valor",
  document: "CPF/CNPJ do pagador e valor",
};
export const matchReasonLabel = (reason: string | null) => (reason ? (REASON_LABELS[reason] ?? reason) : "");

// "pago a menor R$ 12,34" / "pago a maior R$ 0,06"
export function differenceLabel(cents: number) {
  return `pago a ${cents < 0 ? "menor" : "maior"} ${formatBRL(Math.abs(cents))}`;
}

// "− R$ 12,34" / "+ R$ 0,06" / "—" (a credit against the amount due).
export function signedDifference(cents: number | null) {
  if (cents === null || cents === 0) return "—";
  return `${cents < 0 ? "−" : "+"} ${formatBRL(Math.abs(cents))}`;
}

export const STATEMENT_MESSAGES = {
  chooseFile: "Escolha o arquivo do extrato (OFX ou retorno CNAB 240 ou 400).",
  tooLarge: "O arquivo tem mais de 5 MB.",
  importFailed: "Não foi possível importar o extrato. Tente novamente.",
  confirmRefused: "Nada foi baixado. Corrija o que está abaixo e confirme de novo.",
  alreadyConfirmed: "Esta importação já foi confirmada.",
  differenceResolved: "Diferença marcada como resolvida",
};
