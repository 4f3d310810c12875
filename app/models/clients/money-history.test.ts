import { describe, expect, it } from "vitest";
import { deleteRefusal, hasMoneyHistory, moneyHistoryText, type MoneyHistory } from "./money-history";

const none: MoneyHistory = { payments: 0, receipts: 0, statements: 0, settledLines: 0, readjustments: 0, informes: 0 };

describe("money history", () => {
  it("is any one record of money, each kind on its own", () => {
    expect(hasMoneyHistory(none)).toBe(false);
    for (const kind of Object.keys(none) as (keyof MoneyHistory)[])
      expect(hasMoneyHistory({ ...none, [kind]: 1 }), kind).toBe(true);
  });

  it("is said in words, singular or plural, the last joined by “e”", () => {
    expect(moneyHistoryText({ ...none, receipts: 1 })).toBe("1 recibo");
    expect(moneyHistoryText({ ...none, payments: 2, receipts: 3 })).toBe("2 cobranças pagas e 3 recibos");
    expect(
      moneyHistoryText({ payments: 1, receipts: 1, statements: 2, settledLines: 1, readjustments: 1, informes: 2 }),
    ).toBe(
      "1 cobrança paga, 1 recibo, 2 aluguéis repassados ao proprietário, 1 crédito de extrato bancário, 1 reajuste e 2 informes de rendimentos",
    );
  });

  it("refuses the delete pointing to Encerrar contrato, or saying the contract is already ended", () => {
    const running = deleteRefusal({ name: "Ana", endedOn: null, history: { ...none, payments: 1 } });
    expect(running.title).toBe("Cliente não pode ser excluído");
    expect(running.description).toMatch(/^Ana tem 1 cobrança paga\. .*pelo menos cinco anos.*Use “Encerrar contrato”/);
    const ended = deleteRefusal({ name: "Ana", endedOn: "2026-10-31", history: { ...none, receipts: 1 } });
    expect(ended.description).toContain("O contrato já está encerrado (em 31/10/2026): os registros ficam guardados.");
    expect(ended.description).not.toContain("Use “Encerrar contrato”");
  });
});
