// The DIMOB's calendar year from the query string: a year from 2000 to the
// current one; anything else is the last calendar year (the one filed each
// February).
export function dimobYearParam(value: string | null, today: string) {
  const current = Number(today.slice(0, 4));
  const year = value && /^\d{4}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return year >= 2000 && year <= current ? year : current - 1;
}
