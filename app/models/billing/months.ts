// Months and due dates of billings (docs/decisions/0009-billing.md). Pure and
// client-safe. Days are "yyyy-MM-dd", reference months "yyyy-MM": calendar
// values with no time zone to apply.

import { addMonths, addMonthsToDay, daysInMonth } from "#app/models/shared/days";
import type { Cents } from "#app/models/shared/money";

const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

type YearMonth = { year: number; month: number }; // month 1-12

function readMonth(monthYear: string): YearMonth | null {
  const m = MONTH.exec(monthYear);
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}

function readDay(day: string) {
  const m = DAY.exec(day);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

const monthText = ({ year, month }: YearMonth) => `${pad(year, 4)}-${pad(month)}`;

// The due date of a month's billing: the client's due day, clamped to the
// month's length (day 31 in February is the 28th, or the 29th in a leap year).
export function dueDateFor(monthYear: string, dueDay: number): string {
  const ym = readMonth(monthYear);
  if (!ym) throw new Error(`not a month: ${monthYear}`);
  const day = Math.min(Math.max(1, Math.trunc(dueDay)), daysInMonth(ym.year, ym.month));
  return `${monthText(ym)}-${pad(day)}`;
}

// "2026-10" -> "outubro de 2026" (Intl, pt-BR); anything else shown as it is.
const periodFmt = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" });
export function periodLabel(monthYear: string): string {
  const ym = readMonth(monthYear);
  return ym ? periodFmt.format(new Date(Date.UTC(ym.year, ym.month - 1, 1))) : monthYear;
}

export type ContractTerms = {
  start: string; // contract_start_date
  end: string; // contract_end_date
  dueDay: number; // payment_due_day
  rent: Cents; // monthly_rent
};

export type PlannedBilling = { month_year: string; due_date: string; amount_cents: Cents };

// "Gerar Cobranças do Contrato": one billing per contract month not billed
// yet. Month k of the contract counts when the start day plus k months (the
// day clamped like a due date) is still within the contract, so the start
// month always counts and a contract of 30 months gives 30 billings whether
// it runs from the 1st to the 30th or from the 15th to the 14th. Months in
// `billed` ("yyyy-MM") are skipped: running it twice creates nothing more.
// Only the months from `within.from` to `within.to` ("yyyy-MM", each
// optional) are planned: the hourly job asks for the few around today, and
// years of a contract's past and future are not walked every hour.
export function contractMonthsToBill(
  terms: ContractTerms,
  billed: Iterable<string> = [],
  within: { from?: string; to?: string } = {},
): PlannedBilling[] {
  const start = readDay(terms.start);
  const end = readDay(terms.end);
  if (!start || !end || terms.end < terms.start) return [];
  const done = new Set(billed);
  const planned: PlannedBilling[] = [];
  const from = within.from ? readMonth(within.from) : null;
  const first = from ? Math.max(0, (from.year - start.year) * 12 + (from.month - start.month)) : 0;
  // A bound against absurd dates (year 9999): 100 years of months.
  for (let k = first; k < 1200; k++) {
    const anniversary = addMonthsToDay(terms.start, k);
    if (anniversary > terms.end) break;
    const month_year = addMonths(terms.start.slice(0, 7), k);
    if (within.to && month_year > within.to) break;
    if (done.has(month_year)) continue;
    planned.push({ month_year, due_date: dueDateFor(month_year, terms.dueDay), amount_cents: terms.rent });
  }
  return planned;
}
