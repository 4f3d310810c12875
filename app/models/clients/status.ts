// A client's contract badge (spec §4): Ativo when the end date is today or
// later in the agency's zone (a contract ending today is still Ativo),
// Vencido otherwise. Without an end date there is no contract to judge.
// Pure and client-safe; `today` is localToday() ("yyyy-MM-dd").
export type ContractStatus = "Ativo" | "Vencido" | null;

export function contractStatus(endDate: string | null, today: string): ContractStatus {
  if (!endDate) return null;
  return endDate >= today ? "Ativo" : "Vencido";
}

export const loginLabel = (userId: number | null) => (userId === null ? "Sem Login" : "Com Login");
