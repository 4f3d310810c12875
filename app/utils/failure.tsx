import { isRouteErrorResponse } from "react-router";

// An unexpected failure of ours (a loader or an action threw), as the error
// boundaries receive it. server/failure-answer.ts logs the error with the
// request's id and throws React Router's public `data({ requestId }, 500)`
// in its place: a thrown Error reaches a boundary (and the browser) only as
// "Unexpected Server Error" in production, while an error answer keeps its
// data, for a document and a .data request alike. So the page can show the
// id that finds the log line (docs/decisions/0056-failures-reach-the-error-page.md).
export type FailureAnswer = { requestId: string; step: "loader" | "action" | "middleware" };

function failureOf(error: unknown): FailureAnswer | null {
  if (!isRouteErrorResponse(error) || error.status !== 500) return null;
  const data = error.data as Partial<FailureAnswer> | null;
  if (typeof data?.requestId !== "string") return null;
  return { requestId: data.requestId, step: data.step ?? "loader" };
}

export function failureIdOf(error: unknown): string | null {
  return failureOf(error)?.requestId ?? null;
}

// An action failed: the visitor sent something and it may or may not have been
// kept (the write's transaction rolls back, but a later step can fail after
// it), so the page says so instead of "could not load".
export const FAILED_ACTION_TITLE = "Não foi possível concluir a operação";
export const FAILED_ACTION_MESSAGE = "Confira se a alteração foi salva antes de tentar de novo.";

export function isFailedAction(error: unknown) {
  return failureOf(error)?.step === "action";
}

// The line every error page prints under its message when the failure has an id.
export function FailureCode({ error, className }: { error: unknown; className?: string }) {
  const id = failureIdOf(error);
  if (!id) return null;
  return (
    <p className={className ?? "mt-4 text-sm text-slate-500"}>
      Se o problema continuar, informe este código: <code className="select-all font-mono text-slate-700">{id}</code>
    </p>
  );
}
