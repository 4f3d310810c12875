import { formatDay } from "./status";

// A contract's money history as the refusals say it (the query is
// money-history.server.ts; docs/decisions/0062-nothing-fiscal-deleted.md).
// Pure and client-safe.

export type MoneyHistory = {
  payments: number;
  receipts: number;
  statements: number;
  settledLines: number;
  readjustments: number;
  informes: number;
};

export const hasMoneyHistory = (h: MoneyHistory) => Object.values(h).some((n) => n > 0);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// "2 cobranças pagas, 2 recibos e 1 aluguel repassado ao proprietário".
export function moneyHistoryText(h: MoneyHistory) {
  const parts = [
    h.payments ? plural(h.payments, "cobrança paga", "cobranças pagas") : null,
    h.receipts ? plural(h.receipts, "recibo", "recibos") : null,
    h.statements
      ? plural(h.statements, "aluguel repassado ao proprietário", "aluguéis repassados ao proprietário")
      : null,
    h.settledLines ? plural(h.settledLines, "crédito de extrato bancário", "créditos de extrato bancário") : null,
    h.readjustments ? plural(h.readjustments, "reajuste", "reajustes") : null,
    h.informes ? plural(h.informes, "informe de rendimentos", "informes de rendimentos") : null,
  ].filter((p): p is string => p !== null);
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} e ${parts.at(-1)}`;
}

// Why "Excluir" refused a client, and what to do instead.
export function deleteRefusal(r: { name: string; endedOn: string | null; history: MoneyHistory }) {
  const why = `${r.name} tem ${moneyHistoryText(r.history)}. Cobranças pagas, recibos, repasses e os dados da DIMOB e dos informes de rendimentos são guardados por pelo menos cinco anos e não podem ser apagados.`;
  return {
    title: "Cliente não pode ser excluído",
    description: r.endedOn
      ? `${why} O contrato já está encerrado (em ${formatDay(r.endedOn)}): os registros ficam guardados.`
      : `${why} Use “Encerrar contrato” para encerrar o contrato sem apagar nada.`,
  };
}
