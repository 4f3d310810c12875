import { isRouteErrorResponse } from "react-router";

// What a visitor reads when the database stayed locked by another process
// past the driver's deadline (app/db/busy-retry.server.ts): HTTP 503 with
// Retry-After, answered by server/failure-answer.ts as React Router's
// `data(BUSY_MESSAGE, { status: 503 })`. Client-safe, for the error boundaries.
export const BUSY_TITLE = "Sistema ocupado";
export const BUSY_MESSAGE = "O sistema está ocupado. Tente novamente em instantes.";
export const BUSY_RETRY_AFTER_SECONDS = 5;

export function isBusyResponse(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 503;
}
