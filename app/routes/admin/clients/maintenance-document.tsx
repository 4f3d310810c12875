import { PrivateUploadForm } from "#app/components/admin/private-upload-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { MAINTENANCE_ADMIN_MESSAGES, MAINTENANCE_DOCUMENT_UPLOAD } from "#app/models/maintenance/admin.schema";
import { addMaintenanceDocument, listRequestChoices } from "#app/models/maintenance/admin.server";
import { parseId, requireRole } from "#app/utils/http.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/maintenance-document";
import { readUploadSubmission, uploadDialogData } from "./private-upload.server";

// "Upload Documento" (docs/product.md §Manutenções): a request and a file (PDF,
// DOC, DOCX, JPG or PNG by content) that the tenant then sees on that request.
// A plain multipart form that works without JavaScript.
export function meta() {
  return [{ title: "Upload Documento | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=manutencoes";

export async function loader({ url }: Route.LoaderArgs) {
  const requests = (await listRequestChoices(getDb())).map((r) => ({
    value: r.id,
    label: `${r.title} — ${r.client_name}`,
  }));
  return uploadDialogData(requests, parseId(url.searchParams.get("solicitacao")), MAINTENANCE_DOCUMENT_UPLOAD.schema);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const upload = await readUploadSubmission(request, MAINTENANCE_DOCUMENT_UPLOAD);
  if (!upload.ok) return upload.refused;
  const { submission, id, file, bytes } = upload;
  try {
    const added = await addMaintenanceDocument(getDb(), { requestId: id, fileName: file.name, bytes }, actor);
    if (!added.ok) {
      return added.reason === "type"
        ? upload.refuse("file", MAINTENANCE_ADMIN_MESSAGES.type)
        : upload.refuse("request_id", MAINTENANCE_ADMIN_MESSAGES.noRequest);
    }
  } catch (error) {
    return failedWriteAlert("maintenance.document_upload_failed", error, {
      result: submission.reply(),
      alert: `${MAINTENANCE_ADMIN_MESSAGES.uploadFailed} Nada foi salvo; tente novamente.`,
    });
  }
  return redirectWithToast(LIST, {
    type: "success",
    title: "Documento de manutenção enviado com sucesso!",
    description: file.name,
  });
}

export default function NewMaintenanceDocument({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Upload Documento" closeTo={LIST}>
      <PrivateUploadForm {...MAINTENANCE_DOCUMENT_UPLOAD.form} {...loaderData} actionData={actionData} />
    </RouteDialog>
  );
}
