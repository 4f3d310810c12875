import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { getDb } from "#app/db/db.server";
import type { AuditActor } from "#app/models/audit/audit.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";

// The action of the pages that delete a stored file's row (a contract, a
// billing's boleto): the confirmation's button posts intent=delete. The row
// goes in one transaction with its audit row (the model's `remove`), then the
// file after the commit; a file that cannot be removed only warns in the log
// (docs/decisions/0024-private-files.md). Every outcome is a redirect to the
// list with a toast.

const deleteSchema = z.object({ intent: z.literal("delete") });

type Removed = { fileName: string; fileKey: string } | null;

type Options = {
  list: string;
  failed: string; // the spec's error message
  done: string; // the success toast's title
  remove: (db: ReturnType<typeof getDb>, id: number, actor: AuditActor) => Promise<Removed>;
};

export async function deleteStoredFileAction(
  { request, params, context }: { request: Request; params: { id?: string }; context: Readonly<RouterContextProvider> },
  { list, failed, done, remove }: Options,
) {
  const actor = await requireRole(context, "staff");
  const fail = () => redirectWithToast(list, { type: "error", title: "Erro", description: failed });
  const id = parseId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: deleteSchema });
  if (id === null || submission.status !== "success") return fail();
  const removed = await remove(getDb(), id, actor);
  if (!removed) return fail();
  await removePrivateFiles([removed.fileKey]);
  return redirectWithToast(list, { type: "success", title: done, description: removed.fileName });
}
