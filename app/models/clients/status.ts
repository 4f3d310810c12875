// A client's contract badge (docs/product.md §Clientes): Encerrado once staff
// ended it ("Encerrar contrato", docs/decisions/0062-nothing-fiscal-deleted.md),
// else Ativo when the end date is today or later in the agency's zone (a
// contract ending today is still Ativo), and past it "Prazo indeterminado": a
// tenant who stays on after the term continues the lease for an indefinite
// term (Lei 8.245 arts. 46 §1 and 47; decision 0066), billed and readjusted
// until staff end it. Without an end date there is no contract to judge.
// Pure and client-safe; `today` is localToday() ("yyyy-MM-dd").
export type ContractStatus = "Ativo" | "Prazo indeterminado" | "Encerrado" | null;

export function contractStatus(endDate: string | null, today: string, endedOn: string | null = null): ContractStatus {
  if (endedOn) return "Encerrado";
  if (!endDate) return null;
  return endDate >= today ? "Ativo" : "Prazo indeterminado";
}

// How far the contract is billed and readjusted (decision 0066): to the day
// staff ended it ("Encerrar contrato": before its end date, an early return;
// after it, the end of its indefinite term), else to its end date and on
// past it (`open`: a tenant who stays on, arts. 46-47), each caller bounding
// that by its own horizon. null: no end date, no contract to bill.
export type BillingEnd = { end: string; open: boolean };
export function billingEnd(endDate: string | null, endedOn: string | null): BillingEnd | null {
  if (endedOn) return { end: endedOn, open: false };
  return endDate ? { end: endDate, open: true } : null;
}

export const loginLabel = (userId: number | null) => (userId === null ? "Sem Login" : "Com Login");

// "2026-11-22" -> "22/11/2026" (a calendar day: no time zone to apply).
export function formatDay(day: string | null) {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

// Centavos as the rent input shows them: 125000 -> "1.250,00"; NULL -> "".
export function rentInputValue(centavos: number | null) {
  if (centavos == null) return "";
  return (centavos / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
