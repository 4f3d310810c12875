import { applyBp, minCents, subtractCents, sumCents, ZERO_CENTS, type Cents } from "#app/models/shared/money";

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
// - on any other, the administration fee on everything received (rent, multa
//   and juros: the agency collected all of it);
// each fee rounded half-up to the centavo on its own line; the transfer is
// what was received minus the fees.

export type ReceivedRent = {
  billingId: number;
  clientId: number;
  tenantName: string;
  monthYear: string; // the billing's period
  dueDate: string;
  paymentDate: string;
  receivedCents: Cents; // amount_paid
  rentCents: Cents; // the receipt's rent
  chargesCents: Cents; // the receipt's multa + juros
  adminFeeBp: number;
  firstRentFeeBp: number;
  isFirstRent: boolean;
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
  netCents: Cents;
};

export function statementLine(r: ReceivedRent): StatementLine {
  return { ...r, ...lineFees(r) };
}

// A rent's fees and net alone (the yearly reports add them to rows of their own).
export function lineFees(r: ReceivedRent): Pick<StatementLine, "adminFeeCents" | "firstRentFeeCents" | "netCents"> {
  const firstRent = r.isFirstRent && r.firstRentFeeBp > 0;
  // Never more than was received (a first rent paid short).
  const firstRentFeeCents = firstRent ? minCents(applyBp(r.rentCents, r.firstRentFeeBp), r.receivedCents) : ZERO_CENTS;
  const adminFeeCents = firstRent ? ZERO_CENTS : applyBp(r.receivedCents, r.adminFeeBp);
  const netCents = subtractCents(r.receivedCents, adminFeeCents, firstRentFeeCents);
  return { adminFeeCents, firstRentFeeCents, netCents };
}

export function ownerMonth(received: readonly ReceivedRent[]): OwnerMonth {
  const lines = received.map(statementLine);
  const sum = (pick: (l: StatementLine) => Cents) => sumCents(lines.map(pick));
  return {
    lines,
    grossCents: sum((l) => l.receivedCents),
    chargesCents: sum((l) => l.chargesCents),
    adminFeeCents: sum((l) => l.adminFeeCents),
    firstRentFeeCents: sum((l) => l.firstRentFeeCents),
    netCents: sum((l) => l.netCents),
  };
}
