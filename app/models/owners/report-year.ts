// The year of an informes link: "2026" as given (2000 up to this year), else
// last year (informes are made in January and February for the year before).
// Shared by staff's informes and the owner's area. Client-safe.
export function reportYear(asked: string | null | undefined, today: string) {
  const thisYear = Number(today.slice(0, 4));
  const n = /^\d{4}$/.test(asked ?? "") ? Number(asked) : NaN;
  return n >= 2000 && n <= thisYear ? n : thisYear - 1;
}
