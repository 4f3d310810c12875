import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { getDb } from "#app/db/db.server";
import { answerApproval } from "#app/models/maintenance/costs.server";
import {
  APPROVAL_MESSAGES as M,
  BANK_REQUEST_MESSAGES,
  approvalAnswerSchema,
} from "#app/models/owners/owner-access.schema";
import { reportFailure } from "#app/utils/failure.server";
import { parseId, readFormData } from "#app/utils/http.server";
import { ownerContext } from "#app/utils/owner-context";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/approval";

// "Aprovar" / "Recusar" a maintenance cost (decision 0077): the owner's
// answer, once; back to the summary with a toast. Only the signed-in owner's
// own questions: another's is "not found", like one that does not exist.
const BACK = "/area-do-proprietario";

export function loader() {
  throw redirect(BACK);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { owner, user } = context.get(ownerContext);
  const id = parseId(params.id);
  const error = (description: string) => redirectWithToast(BACK, { type: "error", title: "Erro", description });
  const submission = parseWithZod(await readFormData(request), { schema: approvalAnswerSchema });
  if (submission.status !== "success" && submission.error?.note) return error(BANK_REQUEST_MESSAGES.noteTooLong);
  if (id === null || submission.status !== "success") return error(M.missing);
  try {
    const done = await answerApproval(
      getDb(),
      { ownerId: owner.id },
      id,
      { answer: submission.value.answer, note: submission.value.note },
      { id: user.id, name: user.name },
    );
    if (!done.ok) return error(done.reason === "answered" ? M.answered : M.missing);
    return redirectWithToast(BACK, {
      type: "success",
      title: submission.value.answer === "approved" ? M.approved : M.refused,
      description: done.title,
    });
  } catch (e) {
    reportFailure("owner.approval_failed", e);
    return error(M.failed);
  }
}
