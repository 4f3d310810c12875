import { PrivateUploadForm } from "#app/components/admin/private-upload-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { getClient } from "#app/models/clients/clients.server";
import { GUARANTEE_DOCUMENT_MESSAGES as M, GUARANTEE_DOCUMENT_UPLOAD } from "#app/models/guarantees/guarantee.schema";
import { createGuaranteeDocument } from "#app/models/guarantees/documents.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/guarantee-document-new";
import { readUploadSubmission, uploadDialogData } from "./private-upload.server";

// "Enviar documento da garantia" (decision 0075): the contract's own upload
// dialog, a plain multipart form that works without JavaScript; back to
// "Garantia do contrato", which lists the documents.
export function meta() {
  return [{ title: "Documento da garantia | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

async function loadClient(param: string) {
  const id = parseId(param);
  const client = id === null ? null : await getClient(getDb(), id);
  invariantResponse(client, "Cliente não encontrado");
  return client;
}

const guaranteeOf = (id: number, url: URL) => `/admin/clients/${id}/garantia${url.search}`;

export async function loader({ params, url }: Route.LoaderArgs) {
  const client = await loadClient(params.id);
  return {
    ...uploadDialogData([{ value: client.id, label: client.name }], client.id, GUARANTEE_DOCUMENT_UPLOAD.schema),
    back: guaranteeOf(client.id, url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const client = await loadClient(params.id);
  const upload = await readUploadSubmission(request, GUARANTEE_DOCUMENT_UPLOAD);
  if (!upload.ok) return upload.refused;
  const { submission, id, file, bytes } = upload;
  // The form names the contract of this page, or nothing.
  if (id !== client.id) return upload.refuse("client_id", M.invalid);
  try {
    const created = await createGuaranteeDocument(getDb(), { clientId: id, fileName: file.name, bytes }, actor);
    if (!created.ok)
      return created.reason === "type" ? upload.refuse("file", M.type) : upload.refuse("client_id", M.invalid);
  } catch (error) {
    return failedWriteAlert("guarantee_document.upload_failed", error, {
      result: submission.reply(),
      alert: `${M.failed} Nada foi salvo; tente novamente.`,
    });
  }
  return redirectWithToast(guaranteeOf(client.id, url), {
    type: "success",
    title: "Documento da garantia enviado",
    description: file.name,
  });
}

export default function NewGuaranteeDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { back, ...upload } = loaderData;
  return (
    <RouteDialog title="Enviar documento da garantia" closeTo={back}>
      <PrivateUploadForm {...GUARANTEE_DOCUMENT_UPLOAD.form} {...upload} actionData={actionData} />
    </RouteDialog>
  );
}
