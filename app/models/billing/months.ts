// Months and due dates of billings (docs/decisions/0009-billing.md). Pure and
// client-safe. Days are "yyyy-MM-dd", reference months "yyyy-MM": calendar
// values with no time zone to apply.

import { addDays, addMonths, addMonthsToDay, daysBetween, daysInMonth } from "#app/models/shared/days";
import { proRataDays, type Cents } from "#app/models/shared/money";
import type { FirstMonth } from "#app/db/schema";

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
  end: string; // contract_end_date (or the day it was ended)
  dueDay: number; // payment_due_day
  rent: Cents; // monthly_rent
  firstMonth: FirstMonth; // how the first and last months are billed
  open?: boolean; // runs on past `end` (an indefinite term): see contractMonthsToBill
};

export type PlannedBilling = {
  month_year: string;
  due_date: string;
  amount_cents: Cents;
  period_start: string;
  period_end: string;
  period_days: number; // the whole period's days: more than period_end − period_start + 1 is pro rata
};

// The days contract month k charges ("yyyy-MM-dd", both included) and the
// length of the whole period they belong to; null once past the end.
// 'full': from the start's k-th anniversary to the day before the next
// (31 January: 28 February, then 31 March); 'pro_rata': calendar months, the
// first from the start day. Either way the last stops at the contract's end.
function period(terms: ContractTerms, k: number) {
  const month = addMonths(terms.start.slice(0, 7), k);
  const [y, m] = month.split("-").map(Number);
  let start: string, next: string;
  if (terms.firstMonth === "full") {
    start = addMonthsToDay(terms.start, k);
    next = addMonthsToDay(terms.start, k + 1);
  } else {
    start = k === 0 ? terms.start : `${month}-01`;
    next = `${addMonths(month, 1)}-01`;
  }
  if (start > terms.end) return null;
  const wholeDays = terms.firstMonth === "full" ? daysBetween(start, next) : daysInMonth(y, m);
  const end = addDays(next, -1) < terms.end ? addDays(next, -1) : terms.end;
  return { month, start, end, wholeDays };
}

// The rent of `days` out of a period of `periodDays`: whole, or pro rata by
// days rounded half-up to the centavo (docs/decisions/0066-lease-dates.md).
export function rentForDays(rent: Cents, days: number, periodDays: number): Cents {
  return days >= periodDays ? rent : proRataDays(rent, days, periodDays);
}

// "Gerar Cobranças do Contrato": one billing per contract month not billed
// yet, from the start to the end (period above). A month is due on the
// contract's due day of its own month (clamped: day 31 in February is the
// 28th or 29th), never before the contract starts: a first month whose due
// day is before the start day is due on that day of the next month
// (Lei 8.245 art. 42 allows rent in advance only without a guarantee, and a
// bill due before the keys is overdue the day it is made). Months in `billed`
// ("yyyy-MM") are skipped: running it twice creates nothing more. Only the
// months from `within.from` to `within.to` ("yyyy-MM", each optional) are
// planned: the hourly job asks for the few around today.
//
// An `open` contract runs on past its end (an indefinite term, Lei 8.245 arts.
// 46-47; decision 0066): with `within.continueUntil` (a day), the months after
// the end due by then are planned too, whole, and the rest of the end's month
// when the term billed it by days (`billed` as a map: month → the last day
// billed of it, null for the whole month).
export function contractMonthsToBill(
  terms: ContractTerms,
  billed: Iterable<string> | ReadonlyMap<string, string | null> = [],
  within: { from?: string; to?: string; continueUntil?: string } = {},
): PlannedBilling[] {
  const start = readDay(terms.start);
  const end = readDay(terms.end);
  if (!start || !end || terms.end < terms.start) return [];
  const through = new Map<string, string | null>(
    billed instanceof Map ? billed : [...(billed as Iterable<string>)].map((m) => [m, null] as const),
  );
  const planned: PlannedBilling[] = [];
  const from = within.from ? readMonth(within.from) : null;
  const first = from ? Math.max(0, (from.year - start.year) * 12 + (from.month - start.month)) : 0;
  // A bound against absurd dates (year 9999): 100 years of months.
  for (let k = first; k < 1200; k++) {
    const p = period(terms, k);
    if (!p) break;
    if (within.to && p.month > within.to) break;
    const billedTo = through.get(p.month);
    if (billedTo !== undefined) {
      // Billed by days to an end since moved later (a renewal, decision
      // 0071): the rest of the month, due like a first month, not before it.
      if (billedTo === null || billedTo >= p.end || billedTo < p.start) continue;
      const from = addDays(billedTo, 1);
      let due = dueDateFor(p.month, terms.dueDay);
      if (due < from) due = dueDateFor(addMonths(p.month, 1), terms.dueDay);
      planned.push(planOf(terms, p.month, from, p.end, p.wholeDays, due));
      through.set(p.month, p.end);
      continue;
    }
    let due = dueDateFor(p.month, terms.dueDay);
    if (due < terms.start) due = dueDateFor(addMonths(p.month, 1), terms.dueDay);
    planned.push(planOf(terms, p.month, p.start, p.end, p.wholeDays, due));
    through.set(p.month, p.end);
  }
  if (terms.open && within.continueUntil && within.continueUntil > terms.end)
    planned.push(...continuation(terms, through, within.continueUntil, first));
  return planned;
}

const FAR = "9999-12-31";

function planOf(terms: ContractTerms, month: string, start: string, end: string, wholeDays: number, due: string) {
  return {
    month_year: month,
    due_date: due,
    amount_cents: rentForDays(terms.rent, daysBetween(start, end) + 1, wholeDays),
    period_start: start,
    period_end: end,
    period_days: wholeDays,
  };
}

// The indefinite term's months due by `until`: whole periods after the end,
// and the rest of the end's own month when the term billed it by days (due,
// like a first month, not before its first day).
function continuation(terms: ContractTerms, through: Map<string, string | null>, until: string, first: number) {
  const open = { ...terms, end: FAR };
  const planned: PlannedBilling[] = [];
  const lastMonth = terms.end.slice(0, 7);
  const k0 = Math.max(
    first,
    (Number(lastMonth.slice(0, 4)) - Number(terms.start.slice(0, 4))) * 12 +
      (Number(lastMonth.slice(5, 7)) - Number(terms.start.slice(5, 7))),
  );
  for (let k = k0; k < 1200; k++) {
    const p = period(open, k)!;
    if (`${p.month}-01` > until) break;
    const billedTo = through.get(p.month);
    if (billedTo === null || (billedTo !== undefined && billedTo >= p.end)) continue;
    let from = p.start <= terms.end ? addDays(terms.end, 1) : p.start;
    if (billedTo !== undefined && billedTo >= from) from = addDays(billedTo, 1);
    if (from > p.end) continue;
    let due = dueDateFor(p.month, terms.dueDay);
    if (from > p.start && due < from) due = dueDateFor(addMonths(p.month, 1), terms.dueDay);
    if (due > until) continue;
    planned.push(planOf(terms, p.month, from, p.end, p.wholeDays, due));
  }
  return planned;
}

// Absent where a view has no period (a row from before 0034 reads NULL).
export type BillingPeriod = { period_start?: string | null; period_end?: string | null; period_days?: number | null };

const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

// What a pro rata billing charges, said beside its amount: "16 de 30 dias
// (15/11 a 30/11)"; null for a whole month (and billings from before 0034).
export function proRataNote(p: BillingPeriod): string | null {
  if (!p.period_start || !p.period_end || !p.period_days) return null;
  const days = daysBetween(p.period_start, p.period_end) + 1;
  if (days >= p.period_days) return null;
  return `${days} de ${p.period_days} dias (${dayMonth(p.period_start)} a ${dayMonth(p.period_end)})`;
}

// What contractMonthsToBill takes as `billed`, from billing rows: each month
// with the last day billed of it (null: a whole month, as rows from before
// 0034 and whole periods read).
export function billedThrough(rows: Iterable<{ month_year: string; period_end: string | null }>) {
  const through = new Map<string, string | null>();
  for (const r of rows) {
    const before = through.get(r.month_year);
    if (before === null) continue;
    through.set(r.month_year, r.period_end === null ? null : before && before > r.period_end ? before : r.period_end);
  }
  return through;
}
