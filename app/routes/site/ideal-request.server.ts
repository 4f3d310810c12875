import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb, rethrowIfBusy } from "#app/db/db.server";
import { idealRequestSchema } from "#app/models/leads/ideal-request.schema";
import { createIdealRequest } from "#app/models/leads/leads.server";
import { invalidSubmission, submissionFailed } from "#app/utils/forms.server";
import { readFormData } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";

// Where the visitor lands after sending: back at the form, not the page's top.
export const IDEAL_FORM_ANCHOR = "/#imovel-ideal";

// The ideal-property request (home page). The form posts to "/" (root's
// action), so a refused post does not leave "/?index" in the address bar;
// "/?index" (the home route's action) takes the same post for older pages.
export async function idealRequestAction(request: Request) {
  const submission = parseWithZod(await readFormData(request), { schema: idealRequestSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const success = { type: "success" as const, title: "Solicitação enviada!", description: "Entraremos em contato em breve!" };
  // Honeypot filled: a bot. Answer as if it worked and store nothing.
  if (submission.value.website) return redirectWithToast(IDEAL_FORM_ANCHOR, success);
  try {
    await createIdealRequest(getDb(), submission.value);
  } catch (error) {
    rethrowIfBusy(error);
    console.error("ideal request insert failed", error);
    return data({ result: submission.reply(), alert: submissionFailed() }, { status: 500 });
  }
  return redirectWithToast(IDEAL_FORM_ANCHOR, success);
}
