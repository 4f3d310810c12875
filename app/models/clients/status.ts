// A client's contract badge (docs/product.md §Clientes): Encerrado once staff
// ended it ("Encerrar contrato", docs/decisions/0062-nothing-fiscal-deleted.md),
// else Ativo when the end date is today or later in the agency's zone (a
// contract ending today is still Ativo), Vencido otherwise. Without an end
// date there is no contract to judge. Pure and client-safe; `today` is
// localToday() ("yyyy-MM-dd").
export type ContractStatus = "Ativo" | "Vencido" | "Encerrado" | null;

export function contractStatus(endDate: string | null, today: string, endedOn: string | null = null): ContractStatus {
  if (endedOn) return "Encerrado";
  if (!endDate) return null;
  return endDate >= today ? "Ativo" : "Vencido";
}

// The last day the contract is billed and readjusted for: its end date, or the
// day staff ended it when that comes first. An ended contract gets no billing
// for a month after its end (months.ts: a contract month counts while its
// first day is within the contract) and no readjustment after it.
export function billedUntil(endDate: string | null, endedOn: string | null): string | null {
  if (endedOn && (!endDate || endedOn < endDate)) return endedOn;
  return endDate;
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
