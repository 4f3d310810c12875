// Row ids as they arrive in URLs and forms: a positive whole number written in
// decimal digits only ("12"), nothing else ("1e3", "0x10", " 7", "-1" are not
// ids). Client-safe: the forms' helpers use it too.
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,14}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
