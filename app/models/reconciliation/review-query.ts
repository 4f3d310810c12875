import { listHref, readChoice, readPage } from "#app/models/shared/list-query";

// The review page of an import (/admin/extratos/:id) as a list in its URL
// (issue 34): ?situacao= filters the credits by state (or lists the debits or
// the information lines instead), ?pagina= pages through them. Client-safe. An unknown state or page falls back to every
// credit, page 1.

// A credit's state: what the matcher proposed (exact, probable, none, or
// already settled by an earlier import) until Confirmar; then "settled" for
// the ones that paid a billing.
export type ReviewState = "exact" | "probable" | "none" | "already" | "settled";
export const REVIEW_STATES: readonly ReviewState[] = ["exact", "probable", "none", "already", "settled"];

// The URL's words for each state.
export const REVIEW_STATE_PARAMS: Record<ReviewState, string> = {
  exact: "exata",
  probable: "provavel",
  none: "sem-correspondencia",
  already: "ja-conciliado",
  settled: "baixado",
};

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  exact: "Correspondência exata",
  probable: "Provável (a conferir)",
  none: "Sem correspondência",
  already: "Já conciliado antes",
  settled: "Baixado",
};

// The lines that are not credits, listed apart (issue 35): the debits (a
// tarifa, a TED sent) and, in a CNAB retorno, the movements that move no
// money (entrada confirmada, baixa...). They are shown, never settled.
export type OtherLines = "debit" | "info";
export const OTHER_LINES: readonly OtherLines[] = ["debit", "info"];
export const OTHER_LINES_PARAMS: Record<OtherLines, string> = { debit: "debitos", info: "informativos" };
export const OTHER_LINES_LABELS: Record<OtherLines, string> = {
  debit: "Débitos (não são conciliados)",
  info: "Informativos (sem valor: entradas, baixas...)",
};

// What the page lists: credits (all, or one state) or one kind of other line.
export type ReviewList = ReviewState | OtherLines;
export const isOtherLines = (list: ReviewList | null): list is OtherLines => list === "debit" || list === "info";

export type ReviewQuery = { state: ReviewList | null; page: number };

const LIST_PARAMS: Record<ReviewList, string> = { ...REVIEW_STATE_PARAMS, ...OTHER_LINES_PARAMS };
const LISTS = [...REVIEW_STATES, ...OTHER_LINES];

export function parseReviewQuery(params: URLSearchParams): ReviewQuery {
  const word = readChoice(params, "situacao", Object.values(LIST_PARAMS), null);
  const state = word === null ? null : LISTS.find((s) => LIST_PARAMS[s] === word)!;
  return { state, page: readPage(params) };
}

export function reviewHref(id: number, state: ReviewList | null, page = 1) {
  return listHref(`/admin/extratos/${id}`, { situacao: state ? LIST_PARAMS[state] : null, pagina: page });
}
