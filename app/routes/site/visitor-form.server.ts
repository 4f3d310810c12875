import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invalidSubmission, submissionFailed } from "#app/utils/forms.server";
import { readFormData } from "#app/utils/http.server";
import type { Toast } from "#app/utils/toast";
import { redirectWithToast } from "#app/utils/toast.server";

// The one flow of every visitor form (ideal property, owner request, "Tenho
// interesse"): a refusal is 400 with field errors and the values; a filled
// honeypot gets the success answer with nothing stored; a failed insert is
// the spec's "Erro ao enviar" beside the form; success redirects with a toast.
export async function visitorFormAction<S extends z.ZodType<{ website?: string }>>(
  request: Request,
  schema: S,
  {
    redirectTo,
    success,
    save,
    what,
  }: { redirectTo: string; success: Toast; save: (value: z.output<S>) => Promise<unknown>; what: string },
) {
  const submission = parseWithZod(await readFormData(request), { schema });
  if (submission.status !== "success") return invalidSubmission(submission);
  if (submission.value.website) return redirectWithToast(redirectTo, success);
  try {
    await save(submission.value);
  } catch (error) {
    return failedWriteAlert(
      "visitor_form.save_failed",
      error,
      { result: submission.reply(), alert: submissionFailed() },
      { form: what },
    );
  }
  return redirectWithToast(redirectTo, success);
}
