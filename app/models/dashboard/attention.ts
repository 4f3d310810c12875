import type { DueReadjustmentLine } from "#app/models/owners/readjustment";

// The dashboard's "Atenção" block (issue 19): what staff should act on today,
// as the words the block shows. Pure and client-safe; the figures come from
// attention.server.ts, whether Pix is configured from the charging settings.

export const ENDING_WINDOWS = [30, 60, 90] as const;

export type Attention = {
  // Billings that read Em Atraso (effective status, as the Cobranças tab
  // counts them) and what they cost today with multa and juros.
  overdue: { count: number; clients: number; totalDueTodayCents: number };
  // Active contracts ending from today to today + N days (cumulative: the 60
  // includes the 30).
  ending: { within30: number; within60: number; within90: number };
  // Clients with an active contract (Ativo: end date today or later) and no login.
  withoutLogin: number;
  // Reconciliation (decision 0037): imported statements not confirmed yet, and
  // billings paid with a difference not resolved ("Diferenças").
  statementsToReview: number;
  differences: number;
  // "Já paguei" (decision 0063): tenants' proofs of payment waiting for staff.
  proofsToCheck: number;
  // What else tenants sent (decision 0066): maintenance requests still
  // Pendente, and inspection contests without an answer (with the first
  // inspection that has one: staff answer there).
  maintenancePending: number;
  contestsOpen: { count: number; firstInspectionId: number | null };
  // The owner's area (decision 0077): maintenance costs an owner has not
  // answered for OWNER_APPROVAL_DAYS, and payout details changes waiting for staff.
  approvalsLate: { count: number; days: number };
  bankRequests: number;
  // Contracts with months due that the hourly job will not create (decision
  // 0066): the first BILLING_GAPS_SHOWN by name, each with its count, and how many.
  billingGaps: { clients: { id: number; name: string; months: number }[]; count: number };
  // Contracts past their end date and not ended: running for an indefinite
  // term (decision 0066), billed and readjusted until staff end them.
  indefinite: number;
  // Guarantees (seguro-fiança, a fiança with a term) of running contracts
  // whose validity ends within 60 days, soonest first: how many in 30 and
  // 60, and the first GUARANTEES_SHOWN.
  guaranteesEnding: {
    within30: number;
    within60: number;
    first: { clientId: number; name: string; validUntil: string }[];
  };
  // Yearly readjustments due in the next 60 days (issue 22, decision 0041),
  // each with its new rent or the index months it waits for: the soonest
  // READJUSTMENTS_SHOWN of them (at 5,000 contracts about 800 are due in 60
  // days: the whole list is Índices'), how many there are, and the index
  // months all of them wait for.
  readjustments: DueReadjustmentLine[];
  readjustmentsDue: number;
  missingIndexLines: string[];
};

export const READJUSTMENTS_SHOWN = 5;
export const moreReadjustments = (n: number) =>
  `e ${n === 1 ? "mais 1 reajuste" : `mais ${n} reajustes`}: veja em Índices`;

export const NOTHING_TO_SEE = "Nada pede atenção agora.";
// Said as one sentence: "Pix não configurado: defina AGENCY_PIX_KEY para ...".
export const PIX_MISSING = { title: "Pix não configurado", variable: "AGENCY_PIX_KEY" } as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const overdueTitle = (n: number) => plural(n, "cobrança em atraso", "cobranças em atraso");
export const overdueClients = (n: number) => plural(n, "cliente", "clientes");
export const withoutLoginTitle = (n: number) =>
  plural(n, "inquilino com contrato ativo sem login", "inquilinos com contrato ativo sem login");
export const ENDING_TITLE = "Contratos que terminam em breve";
export const endingLine = (days: number, n: number) => `em até ${days} dias: ${n}`;

export const statementsTitle = (n: number) => plural(n, "extrato aguardando revisão", "extratos aguardando revisão");
export const differencesTitle = (n: number) =>
  plural(n, "cobrança paga com diferença de valor", "cobranças pagas com diferença de valor");

export function needsAttention(a: Attention, pixConfigured: boolean) {
  return (
    a.overdue.count > 0 ||
    a.ending.within90 > 0 ||
    a.withoutLogin > 0 ||
    a.statementsToReview > 0 ||
    a.differences > 0 ||
    a.proofsToCheck > 0 ||
    a.maintenancePending > 0 ||
    a.contestsOpen.count > 0 ||
    a.approvalsLate.count > 0 ||
    a.bankRequests > 0 ||
    a.billingGaps.count > 0 ||
    a.indefinite > 0 ||
    a.guaranteesEnding.within60 > 0 ||
    a.readjustments.length > 0 ||
    !pixConfigured
  );
}

export const proofsTitle = (n: number) => plural(n, "comprovante a conferir", "comprovantes a conferir");
export const maintenanceTitle = (n: number) =>
  plural(n, "solicitação de manutenção pendente", "solicitações de manutenção pendentes");
export const contestsTitle = (n: number) =>
  plural(n, "contestação de vistoria sem resposta", "contestações de vistoria sem resposta");
export const approvalsLateTitle = (n: number, days: number) =>
  plural(
    n,
    `aprovação de proprietário sem resposta há ${days} dias ou mais`,
    `aprovações de proprietários sem resposta há ${days} dias ou mais`,
  );
export const bankRequestsTitle = (n: number) =>
  plural(n, "pedido de alteração de dados bancários", "pedidos de alteração de dados bancários");
export const BILLING_GAPS_SHOWN = 5;
export const billingGapsTitle = (n: number) =>
  plural(n, "contrato com meses sem cobrança", "contratos com meses sem cobrança");
export const gapMonths = (n: number) => plural(n, "mês", "meses");
export const GUARANTEES_SHOWN = 5;
export const guaranteesTitle = (n: number) =>
  plural(n, "garantia vence em até 60 dias", "garantias vencem em até 60 dias");
export const indefiniteTitle = (n: number) =>
  plural(n, "contrato em prazo indeterminado", "contratos em prazo indeterminado");

export const READJUSTMENTS_TITLE = "Reajustes nos próximos 60 dias";
export const MISSING_INDEX_TITLE = "Índices sem os meses do reajuste";
