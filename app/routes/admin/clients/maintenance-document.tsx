import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PrivateUploadForm } from "#app/components/admin/private-upload-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import {
  MAINTENANCE_ADMIN_MESSAGES,
  MAINTENANCE_DOCUMENT_ACCEPT,
  MAX_MAINTENANCE_DOCUMENT_BYTES,
  maintenanceDocumentSchema,
} from "#app/models/maintenance/admin.schema";
import { addMaintenanceDocument, listRequestChoices } from "#app/models/maintenance/admin.server";
import { parseId, requireRole } from "#app/utils/http.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/maintenance-document";
import { readPrivateUpload } from "./private-upload.server";

// "Upload Documento" (docs/product.md §Manutenções): a request and a file (PDF,
// DOC, DOCX, JPG or PNG by content) that the tenant then sees on that request.
// A plain multipart form that works without JavaScript.
export function meta() {
  return [{ title: "Upload Documento | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=manutencoes";
const HINT = "PDF, DOC, DOCX, JPG ou PNG, até 20 MB.";

export async function loader({ url }: Route.LoaderArgs) {
  const requests = await listRequestChoices(getDb());
  const chosen = parseId(url.searchParams.get("solicitacao") ?? undefined);
  return { requests, chosen: requests.some((r) => r.id === chosen) ? String(chosen) : "", constraint: getZodConstraint(maintenanceDocumentSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const body = await readPrivateUpload(request, MAX_MAINTENANCE_DOCUMENT_BYTES, MAINTENANCE_ADMIN_MESSAGES.tooLarge);
  if ("error" in body) return data({ result: null, alert: body.error }, { status: 400 });
  const submission = parseWithZod(body.formData, { schema: maintenanceDocumentSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  const { request_id, file } = submission.value;
  try {
    const added = await addMaintenanceDocument(
      getDb(),
      { requestId: request_id!, fileName: file!.name, bytes: new Uint8Array(await file!.arrayBuffer()) },
      actor,
    );
    if (!added.ok) {
      const fieldErrors: Record<string, string[]> =
        added.reason === "type" ? { file: [MAINTENANCE_ADMIN_MESSAGES.type] } : { request_id: [MAINTENANCE_ADMIN_MESSAGES.noRequest] };
      return data({ result: submission.reply({ fieldErrors }), alert: null }, { status: 400 });
    }
  } catch (error) {
    return failedWriteAlert("maintenance.document_upload_failed", error, {
      result: submission.reply(),
      alert: `${MAINTENANCE_ADMIN_MESSAGES.uploadFailed} Nada foi salvo; tente novamente.`,
    });
  }
  return redirectWithToast(LIST, { type: "success", title: "Documento de manutenção enviado com sucesso!", description: file!.name });
}

export default function NewMaintenanceDocument({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Upload Documento" closeTo={LIST}>
      <PrivateUploadForm
        choiceName="request_id"
        choiceLabel="Solicitação"
        placeholder="Selecione uma solicitação"
        options={loaderData.requests.map((r) => ({ value: r.id, label: `${r.title} — ${r.client_name}` }))}
        chosen={loaderData.chosen}
        accept={MAINTENANCE_DOCUMENT_ACCEPT}
        hint={HINT}
        submitLabel="Enviar Documento"
        alertTitle="Erro ao enviar documento"
        constraint={loaderData.constraint}
        actionData={actionData}
      />
    </RouteDialog>
  );
}
