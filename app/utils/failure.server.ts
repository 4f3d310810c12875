import { data } from "react-router";
import { isDatabaseBusy } from "#app/db/db.server";
import { log, type LogFields } from "./log.server";
import type { Toast } from "./toast";
import { redirectWithToast } from "./toast.server";

// How a route answers a failure of ours (a write or a read that threw, not a
// refusal of what the visitor sent) its own way, instead of the error page
// (docs/decisions/0030-failure-path-and-log.md). One rule lives here, so no
// route has to remember it: a locked database is not such a failure. It is
// thrown on, and server/busy-answer.ts turns it into the 503 page "O sistema
// está ocupado" (the write may well succeed in a few seconds, and the visitor
// should be told so, not that it failed). Anything else is logged as an error
// line with the route's event name and the request's id, and answered:
//
//   } catch (error) {
//     return failedWriteToast("billing.status_failed", error, LIST, { title: "Erro", description: ... });
//   }

// Logs the failure, or throws a locked database on. For a route that answers
// in its own shape (an error state in a loader's data, a save's outcome).
export function reportFailure(event: string, error: unknown, fields?: LogFields): void {
  if (isDatabaseBusy(error)) throw error;
  log.error(event, { ...fields, error });
}

// A failed write answered with a redirect and an error toast (row buttons,
// forms whose every outcome is a redirect).
export async function failedWriteToast(
  event: string,
  error: unknown,
  to: string,
  toast: Omit<Toast, "type">,
  fields?: LogFields,
) {
  reportFailure(event, error, fields);
  return redirectWithToast(to, { type: "error", ...toast });
}

// A failed write answered beside its form: HTTP 500 with the form's data (the
// typed values and the alert).
export function failedWriteAlert<T>(event: string, error: unknown, body: T, fields?: LogFields) {
  reportFailure(event, error, fields);
  return data(body, { status: 500 });
}
