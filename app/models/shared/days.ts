import { TIME_ZONE } from "#app/utils/format";

// Calendar days, the one module for them (docs/decisions/0021-time-zone-and-formats.md,
// 0052-money-and-days.md): billing, boletos, owners, inspections and the audit
// filter all count days here. Pure and client-safe.
//
// A day is "yyyy-MM-dd" (what <input type="date"> posts), a month "yyyy-MM":
// calendar values with no time zone. The zone enters only where a day meets an
// instant: "today" is the agency's day in America/Campo_Grande (localToday),
// and a day starts at its local midnight (localDayStartUtc).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const BR_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

// A real calendar day between the years 1900 and 9999 ("2025-02-30" is not).
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  const t = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9999 &&
    t.getUTCFullYear() === year &&
    t.getUTCMonth() === month - 1 &&
    t.getUTCDate() === day
  );
}

// "31/01/2025" or "2025-01-31" -> "2025-01-31"; anything else (30/02, text) -> null.
export function parseLocalDay(text: string): string | null {
  const value = text.trim();
  let y: number, m: number, d: number;
  let match = DAY.exec(value);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = BR_DAY.exec(value))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  return isRealDate(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : null;
}

// ---- counting days ----------------------------------------------------------

// Days since 1970-01-01 of a "yyyy-MM-dd" (throws on anything else: a day
// reaching these functions has been validated).
export function dayNumber(day: string): number {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

export function dayOfNumber(n: number): string {
  const t = new Date(n * DAY_MS);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

// Calendar days from `from` to `to` ("2026-01-31" → "2026-03-01": 29).
export function daysBetween(from: string, to: string) {
  return dayNumber(to) - dayNumber(from);
}

// `day` plus n calendar days (n may be negative).
export function addDays(day: string, n: number) {
  return dayOfNumber(dayNumber(day) + n);
}

// 0 Sunday .. 6 Saturday.
export const weekday = (day: string) => new Date(dayNumber(day) * DAY_MS).getUTCDay();

// A business day: Monday to Friday and not in `holidays` ("yyyy-MM-dd").
// Holidays are data the caller passes (national, bank and municipal ones
// change by law: Código Civil art. 132 §1 moves a term ending on one to the
// next business day); this module keeps no calendar of its own.
export function isBusinessDay(day: string, holidays: ReadonlySet<string> = new Set()) {
  const w = weekday(day);
  return w !== 0 && w !== 6 && !holidays.has(day);
}

// The n-th business day after `day` (n ≥ 1); n = 0 gives `day` itself when it
// is a business day, else the next one (a term that ends on a holiday).
export function businessDaysAfter(day: string, n: number, holidays: ReadonlySet<string> = new Set()): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`business days must be a whole number ≥ 0: ${n}`);
  let current = day;
  if (n === 0) {
    while (!isBusinessDay(current, holidays)) current = addDays(current, 1);
    return current;
  }
  for (let left = n; left > 0;) {
    current = addDays(current, 1);
    if (isBusinessDay(current, holidays)) left--;
  }
  return current;
}

// ---- months -----------------------------------------------------------------

export function daysInMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// The month of a day: "2026-10-05" -> "2026-10".
export function monthOf(day: string) {
  return day.slice(0, 7);
}

// "yyyy-MM" shifted by n months.
export function addMonths(month: string, n: number): string {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const index = Number(m[1]) * 12 + (Number(m[2]) - 1) + n;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

// A day plus n months, clamped to the month's length (a contract of 31
// January has its anniversary on 28 or 29 February).
export function addMonthsToDay(day: string, n: number): string {
  const month = addMonths(monthOf(day), n);
  const [y, m] = month.split("-").map(Number);
  const d = Math.min(Number(day.slice(8, 10)), daysInMonth(y, m));
  return `${month}-${pad(d)}`;
}

// ---- the agency's day ---------------------------------------------------------

const partsFmt = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

// The wall clock of the zone at `instant`, read as if it were UTC.
function wallClockMs(instant: number) {
  const parts = Object.fromEntries(partsFmt.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

// The day it is now in the agency's zone.
export function localToday(now: Date = new Date()): string {
  const wall = new Date(wallClockMs(now.getTime()));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

// The UTC instant (ISO) at which `day` starts in the agency's zone. Brazil
// moved its clocks at midnight until 2019: the offset is read again at the
// first guess, and when midnight never happened (clocks jumped to 01:00) the
// day starts at the jump.
export function localDayStartUtc(day: string): string {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  const wanted = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const first = wanted - (wallClockMs(wanted) - wanted);
  const second = wanted - (wallClockMs(first) - first);
  const start = wallClockMs(second) === wanted ? second : wallClockMs(first) >= wanted ? first : second;
  return new Date(start).toISOString();
}
