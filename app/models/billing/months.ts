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
    const p = period(terms, k);
    if (!p) break;
    if (within.to && p.month > within.to) break;
    if (done.has(p.month)) continue;
    let due = dueDateFor(p.month, terms.dueDay);
    if (due < terms.start) due = dueDateFor(addMonths(p.month, 1), terms.dueDay);
    planned.push({
      month_year: p.month,
      due_date: due,
      amount_cents: rentForDays(terms.rent, daysBetween(p.start, p.end) + 1, p.wholeDays),
      period_start: p.start,
      period_end: p.end,
      period_days: p.wholeDays,
    });
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
