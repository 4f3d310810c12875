import { listHref, readChoice, readPage } from "#app/models/shared/list-query";

// The review page of an import (/admin/extratos/:id) as a list in its URL
// (issue 34): ?situacao= filters the credits by state, ?pagina= pages
// through them. Client-safe. An unknown state or page falls back to every
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

export type ReviewQuery = { state: ReviewState | null; page: number };

export function parseReviewQuery(params: URLSearchParams): ReviewQuery {
  const word = readChoice(params, "situacao", Object.values(REVIEW_STATE_PARAMS), null);
  const state = word === null ? null : REVIEW_STATES.find((s) => REVIEW_STATE_PARAMS[s] === word)!;
  return { state, page: readPage(params) };
}

export function reviewHref(id: number, state: ReviewState | null, page = 1) {
  return listHref(`/admin/extratos/${id}`, { situacao: state ? REVIEW_STATE_PARAMS[state] : null, pagina: page });
}
