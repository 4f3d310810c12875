import { TIME_ZONE } from "./format";

// Calendar days in the agency's time zone
// (docs/decisions/0021-time-zone-and-formats.md): people pick days in Três
// Lagoas, the database holds UTC instants. Pure and client-safe. A day is
// written "yyyy-MM-dd" (what <input type="date"> posts).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function isRealDay(y: number, m: number, d: number) {
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 9999 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

// "31/01/2025" or "2025-01-31" -> "2025-01-31"; anything else (30/02, text) -> null.
export function parseLocalDay(text: string): string | null {
  const value = text.trim();
  let y: number, m: number, d: number;
  let match = DAY.exec(value);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = BR_DAY.exec(value))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  return isRealDay(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : null;
}

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

// The day after `day` ("2025-01-31" -> "2025-02-01").
export function nextDay(day: string): string {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  const t = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
