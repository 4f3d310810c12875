// What a return debit gives back (returns.server.ts), as the review form
// posts it: `c<ledger credit>` or `l<credit line of the same import>`.
// Client-safe.
export type ReturnTarget = { kind: "credit"; creditId: number } | { kind: "line"; lineId: number };

export const targetValue = (t: ReturnTarget) => (t.kind === "credit" ? `c${t.creditId}` : `l${t.lineId}`);
