import { addMonths } from "#app/models/shared/days";

// The month of a Repasses link: "2026-10" as given, else the month before
// today's (October's rents are transferred in early November).
export function transferMonth(asked: string | null | undefined, today: string) {
  const m = /^(\d{4})-(\d{2})$/.exec(asked ?? "");
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[1]) >= 2000) return asked!;
  return addMonths(today.slice(0, 7), -1);
}
