import { normalizeText } from "#app/models/shared/text";

// A back-office list's state in its URL (issue 34: every staff list is a
// query, not a dump): the page, the search and each filter are plain query
// parameters, so a filtered page is a link, the back button works and
// JavaScript is not needed. Client-safe. Anything unreadable falls back to
// its default: a bad or absurd link shows the first page of the list, never
// an error or an unbounded query.

// Rows a page. Fixed, not read from the URL: a page's size (and so its HTML
// and its time) is ours to bound.
export const LIST_PAGE_SIZE = 25;
// Past this, a page number is not a person's: it is clamped to the last page
// by the query anyway; the cap only keeps OFFSET arithmetic small.
const MAX_PAGE = 100_000;
// A search longer than this is not a name, a document or an address.
const MAX_SEARCH = 100;

export function readPage(params: URLSearchParams, key = "pagina"): number {
  const raw = params.get(key);
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

// One of a fixed set of values (a filter, a sort key, a queue), or the fallback.
export function readChoice<T extends string>(
  params: URLSearchParams,
  key: string,
  allowed: readonly T[],
  fallback: T,
): T;
export function readChoice<T extends string>(
  params: URLSearchParams,
  key: string,
  allowed: readonly T[],
  fallback: null,
): T | null;
export function readChoice<T extends string>(
  params: URLSearchParams,
  key: string,
  allowed: readonly T[],
  fallback: T | null,
): T | null {
  const raw = params.get(key);
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

// What was typed in a list's search box: trimmed and bounded, shown back as typed.
export function readSearch(params: URLSearchParams, key = "busca"): string {
  return (params.get(key) ?? "").trim().slice(0, MAX_SEARCH);
}

// The search as the database compares it (docs/decisions/0057): accents and
// case folded the way `fold()` folds the stored text, and a LIKE pattern with
// its wildcards taken literally. Digits alone (a CPF/CNPJ typed with or
// without its dots) are matched against the document's digits.
export function searchTerms(search: string) {
  const folded = normalizeText(search);
  const digits = search.replace(/\D/g, "");
  const like = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  return {
    folded,
    pattern: like(folded),
    // A document: at least 3 digits and nothing but digits and its punctuation.
    digits: digits.length >= 3 && /^[\d.\-/\s]+$/.test(search) ? like(digits) : null,
    // A record's number (#123 or 123).
    id: /^#?\d{1,9}$/.test(search) ? Number(search.replace("#", "")) : null,
  };
}

// The list's URL for other values: unset and default values are left out,
// so the plain list is the plain path.
export function listHref(path: string, values: Record<string, string | number | null | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === "") continue;
    if (key === "pagina" && Number(value) <= 1) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
