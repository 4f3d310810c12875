import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb, rethrowIfBusy } from "#app/db/db.server";
import { interestSchema } from "#app/models/leads/interest.schema";
import { createPropertyInterest } from "#app/models/leads/leads.server";
import { invalidSubmission, submissionFailed } from "#app/utils/forms.server";
import { readFormData } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";

// "Tenho interesse" on /imoveis/:id (the page's action): the request lands in
// the ideal-property inbox with the property linked. The server's rate limit
// on public posts covers it (server/request-rules.ts, isPublicPost), and a
// filled honeypot gets the same answer with nothing stored. The caller has
// checked that the property exists.
export async function propertyInterestAction(request: Request, propertyId: number) {
  const submission = parseWithZod(await readFormData(request), { schema: interestSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const back = `/imoveis/${propertyId}#tenho-interesse`;
  const success = { type: "success" as const, title: "Solicitação enviada!", description: "Entraremos em contato em breve!" };
  if (submission.value.website) return redirectWithToast(back, success);
  try {
    await createPropertyInterest(getDb(), propertyId, submission.value);
  } catch (error) {
    rethrowIfBusy(error);
    console.error("property interest insert failed", error);
    return data({ result: submission.reply(), alert: submissionFailed() }, { status: 500 });
  }
  return redirectWithToast(back, success);
}
