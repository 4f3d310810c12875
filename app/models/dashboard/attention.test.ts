import { describe, expect, it } from "vitest";
import {
  endingLine,
  needsAttention,
  overdueClients,
  overdueTitle,
  withoutLoginTitle,
  statementsTitle,
  differencesTitle,
  proofsTitle,
  maintenanceTitle,
  contestsTitle,
  approvalsLateTitle,
  bankRequestsTitle,
  billingGapsTitle,
  gapMonths,
  indefiniteTitle,
  type Attention,
} from "./attention";

const calm: Attention = {
  overdue: { count: 0, clients: 0, totalDueTodayCents: 0 },
  ending: { within30: 0, within60: 0, within90: 0 },
  withoutLogin: 0,
  statementsToReview: 0,
  differences: 0,
  proofsToCheck: 0,
  maintenancePending: 0,
  contestsOpen: { count: 0, firstInspectionId: null },
  approvalsLate: { count: 0, days: 3 },
  bankRequests: 0,
  billingGaps: { clients: [], count: 0 },
  indefinite: 0,
  guaranteesEnding: { within30: 0, within60: 0, first: [] },
  readjustments: [],
  readjustmentsDue: 0,
  missingIndexLines: [],
};

describe("the Atenção block's words", () => {
  it("says one and many", () => {
    expect(overdueTitle(1)).toBe("1 cobrança em atraso");
    expect(overdueTitle(3)).toBe("3 cobranças em atraso");
    expect(overdueClients(1)).toBe("1 cliente");
    expect(overdueClients(2)).toBe("2 clientes");
    expect(withoutLoginTitle(1)).toBe("1 inquilino com contrato ativo sem login");
    expect(withoutLoginTitle(4)).toBe("4 inquilinos com contrato ativo sem login");
    expect(endingLine(30, 2)).toBe("em até 30 dias: 2");
    expect(statementsTitle(1)).toBe("1 extrato aguardando revisão");
    expect(statementsTitle(2)).toBe("2 extratos aguardando revisão");
    expect(differencesTitle(1)).toBe("1 cobrança paga com diferença de valor");
    expect(differencesTitle(3)).toBe("3 cobranças pagas com diferença de valor");
    expect(proofsTitle(1)).toBe("1 comprovante a conferir");
    expect(proofsTitle(2)).toBe("2 comprovantes a conferir");
    expect(maintenanceTitle(1)).toBe("1 solicitação de manutenção pendente");
    expect(maintenanceTitle(2)).toBe("2 solicitações de manutenção pendentes");
    expect(contestsTitle(2)).toBe("2 contestações de vistoria sem resposta");
    expect(billingGapsTitle(1)).toBe("1 contrato com meses sem cobrança");
    expect(gapMonths(1)).toBe("1 mês");
    expect(gapMonths(4)).toBe("4 meses");
    expect(approvalsLateTitle(1, 3)).toBe("1 aprovação de proprietário sem resposta há 3 dias ou mais");
    expect(approvalsLateTitle(2, 5)).toBe("2 aprovações de proprietários sem resposta há 5 dias ou mais");
    expect(bankRequestsTitle(1)).toBe("1 pedido de alteração de dados bancários");
    expect(bankRequestsTitle(2)).toBe("2 pedidos de alteração de dados bancários");
  });

  it("needs attention when any line has something, or Pix is missing", () => {
    expect(needsAttention(calm, true)).toBe(false);
    expect(needsAttention(calm, false)).toBe(true);
    expect(needsAttention({ ...calm, statementsToReview: 1 }, true)).toBe(true);
    expect(needsAttention({ ...calm, differences: 1 }, true)).toBe(true);
    expect(needsAttention({ ...calm, proofsToCheck: 1 }, true)).toBe(true);
    expect(needsAttention({ ...calm, overdue: { count: 1, clients: 1, totalDueTodayCents: 1 } }, true)).toBe(true);
    // A contract ending in 61 to 90 days is counted in within90 alone.
    expect(needsAttention({ ...calm, ending: { within30: 0, within60: 0, within90: 1 } }, true)).toBe(true);
    expect(needsAttention({ ...calm, withoutLogin: 1 }, true)).toBe(true);
    expect(needsAttention({ ...calm, approvalsLate: { count: 1, days: 3 } }, true)).toBe(true);
    expect(needsAttention({ ...calm, bankRequests: 1 }, true)).toBe(true);
    expect(needsAttention({ ...calm, maintenancePending: 1 }, true)).toBe(true);
    expect(needsAttention({ ...calm, indefinite: 2 }, true)).toBe(true);
    expect(indefiniteTitle(2)).toBe("2 contratos em prazo indeterminado");
    expect(needsAttention({ ...calm, contestsOpen: { count: 1, firstInspectionId: 3 } }, true)).toBe(true);
    expect(
      needsAttention({ ...calm, billingGaps: { clients: [{ id: 1, name: "A", months: 4 }], count: 1 } }, true),
    ).toBe(true);
  });
});
