import type { FeeBase, OwnerEntryKind } from "#app/db/schema";
import { formatPercent } from "#app/models/billing/charges";
import {
  addCents,
  applyBp,
  cents,
  formatBRL,
  minCents,
  subtractCents,
  sumCents,
  ZERO_CENTS,
  type Cents,
} from "#app/models/shared/money";

// The arithmetic of an owner's month (docs/decisions/0039-owners.md), pure and
// client-safe; shared by the monthly statement (Extrato do Proprietário), the
// transfer and the yearly reports (DIMOB, informe de rendimentos), so the
// agency's commission is the same number everywhere.
//
// For each rent received in the month (a paid billing of one of the owner's
// contracts, as its receipt in force itemizes it):
// - on the contract's first rent, when its first-rent fee is above 0, the
//   agency keeps that fee (on the rent, not on multa and juros) and takes no
//   administration fee on that payment: the first rent pays the agency's
//   intermediation (Lei 8.245/91 art. 22 VII lets the owner bear it);
// - on any other, the administration fee on what the contract's fee base
//   says (clients.fee_base, decision 0064): everything received (rent, multa
//   and juros: the agency collected all of it; the default) or the rent only
//   (what was received less its multa and juros);
// each fee rounded half-up to the centavo on its own line. The owner's
// entries not yet in a statement (deductions staff posted, an estorno of
// money already transferred, what an earlier statement carried) come off:
// the transfer is what was received minus the fees minus those, never below
// zero; what they exceed it by is carried to the owner's next statement.

export type ReceivedRent = {
  billingId: number;
  clientId: number;
  tenantName: string;
  monthYear: string; // the billing's period
  dueDate: string;
  paymentDate: string;
  receivedCents: Cents; // amount_paid
  rentCents: Cents; // the receipt's rent (with a company tenant's IRRF, before it: decision 0074)
  chargesCents: Cents; // the receipt's multa + juros
  adminFeeBp: number;
  firstRentFeeBp: number;
  isFirstRent: boolean;
  // Absent in statements frozen before migration 0032: "all".
  feeBase?: FeeBase;
  // A co-owned contract (migration 0036): the owner's share in basis points,
  // the amounts above being that share's; absent: the whole.
  shareBp?: number;
  // Charges beside the rent the owner receives (migration 0037): passed on
  // whole, no fee on them, not rent income. Absent: none.
  reimbursedCents?: Cents;
  // IRRF a company tenant withheld from this owner's rent (migration 0043,
  // decision 0074): never received (the tenant pays it to the Receita), so
  // out of receivedCents, but the rent is the owner's income and the fees'
  // base with it. Absent: none.
  withheldCents?: Cents;
};

// "quota de 50%": a co-owner's line says whose part it is; and the tax the
// tenant withheld from it.
export const shareNote = (r: Pick<ReceivedRent, "shareBp" | "withheldCents">) => {
  const notes = [
    ...(r.shareBp === undefined ? [] : [`quota de ${formatPercent(r.shareBp)}%`]),
    ...(r.withheldCents ? [`IRRF retido pelo locatário ${formatBRL(r.withheldCents)}`] : []),
  ];
  return notes.length ? notes.join("; ") : null;
};

// An owner entry as a statement lists it (owner_entries, migration 0032).
export type StatementDeduction = {
  entryId: number;
  kind: OwnerEntryKind;
  description: string;
  onDate: string;
  amountCents: Cents; // taken off the transfer (a cancelled deduction: below 0)
};

export type StatementLine = ReceivedRent & {
  adminFeeCents: Cents;
  firstRentFeeCents: Cents;
  netCents: Cents;
};

export type OwnerMonth = {
  lines: StatementLine[];
  grossCents: Cents;
  chargesCents: Cents;
  adminFeeCents: Cents;
  firstRentFeeCents: Cents;
  reimbursedCents: Cents; // charges beside the rent passed on to the owner
  rentsNetCents: Cents; // received minus fees, plus the reimbursements
  deductions: StatementDeduction[];
  deductionsCents: Cents;
  carriedCents: Cents; // deductions above rentsNetCents, to the next statement
  netCents: Cents; // the transfer
};

export function statementLine(r: ReceivedRent): StatementLine {
  return { ...r, ...lineFees(r) };
}

// A rent's fees and net alone (the yearly reports add them to rows of their own).
export function lineFees(r: ReceivedRent): Pick<StatementLine, "adminFeeCents" | "firstRentFeeCents" | "netCents"> {
  const firstRent = r.isFirstRent && r.firstRentFeeBp > 0;
  // Never more than was received (a first rent paid short).
  // The fees are on the rent before the tenant's withholding (decision 0074).
  const withheld = r.withheldCents ?? ZERO_CENTS;
  const firstRentFeeCents = firstRent ? minCents(applyBp(r.rentCents, r.firstRentFeeBp), r.receivedCents) : ZERO_CENTS;
  const received = addCents(r.receivedCents, withheld);
  const base = r.feeBase === "rent" ? subtractCents(received, r.chargesCents) : received;
  const adminFeeCents = firstRent ? ZERO_CENTS : applyBp(base, r.adminFeeBp);
  const netCents = addCents(subtractCents(r.receivedCents, adminFeeCents, firstRentFeeCents), r.reimbursedCents ?? 0);
  return { adminFeeCents, firstRentFeeCents, netCents };
}

export function ownerMonth(
  received: readonly ReceivedRent[],
  deductions: readonly StatementDeduction[] = [],
): OwnerMonth {
  const lines = received.map(statementLine);
  const sum = (pick: (l: StatementLine) => Cents) => sumCents(lines.map(pick));
  const rentsNetCents = sum((l) => l.netCents);
  const deductionsCents = sumCents(deductions.map((d) => d.amountCents));
  const left = subtractCents(rentsNetCents, deductionsCents);
  return {
    lines,
    grossCents: sum((l) => l.receivedCents),
    chargesCents: sum((l) => l.chargesCents),
    adminFeeCents: sum((l) => l.adminFeeCents),
    firstRentFeeCents: sum((l) => l.firstRentFeeCents),
    reimbursedCents: sum((l) => l.reimbursedCents ?? ZERO_CENTS),
    rentsNetCents,
    deductions: [...deductions],
    deductionsCents,
    carriedCents: left < 0 ? cents(-left) : ZERO_CENTS,
    netCents: left < 0 ? ZERO_CENTS : left,
  };
}
