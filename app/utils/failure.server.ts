import { data } from "react-router";
import { isDatabaseBusy } from "#app/db/db.server";
import { log, type LogFields } from "./log.server";

// How a route answers a failure of ours (a write or a read that threw, not a
// refusal of what the visitor sent) its own way, where the error page would
// lose something the visitor needs: the typed values of a form (an alert
// beside it), or a page that still has most of its content (a list's error
// state). Anything else is not caught at all: server/failure-answer.ts logs
// it with the request's id and the error page shows that id
// (docs/decisions/0056-failures-reach-the-error-page.md). One rule lives here,
// so no route has to remember it: a locked database is not such a failure. It
// is thrown on, and server/failure-answer.ts turns it into the 503 page "O
// sistema está ocupado" (the write may well succeed in a few seconds, and the
// visitor should be told so, not that it failed). Anything else is logged as
// an error line with the route's event name and the request's id:
//
//   } catch (error) {
//     return failedWriteAlert("billing.create_failed", error, { ...typed, alert: M.createFailed });
//   }

// Logs the failure, or throws a locked database on. For a route that answers
// in its own shape (an error state in a loader's data, a save's outcome).
export function reportFailure(event: string, error: unknown, fields?: LogFields): void {
  if (isDatabaseBusy(error)) throw error;
  log.error(event, { ...fields, error });
}

// A failed write answered beside its form: HTTP 500 with the form's data (the
// typed values and the alert).
export function failedWriteAlert<T>(event: string, error: unknown, body: T, fields?: LogFields) {
  reportFailure(event, error, fields);
  return data(body, { status: 500 });
}
