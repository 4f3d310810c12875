import { PrivateUploadForm } from "#app/components/admin/private-upload-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { CONTRACT_MESSAGES, CONTRACT_UPLOAD } from "#app/models/contracts/contract.schema";
import { createContract, listClientChoices } from "#app/models/contracts/contracts.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { parseId, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/contract-new";
import { readUploadSubmission, uploadDialogData } from "./private-upload.server";

// "Enviar Contrato" (docs/product.md §Contratos): the page the dialog would
// open, a plain multipart form that works without JavaScript.
export function meta() {
  return [{ title: "Enviar Contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=contratos";

export async function loader({ url }: Route.LoaderArgs) {
  const clients = (await listClientChoices(getDb())).map((c) => ({ value: c.id, label: c.name }));
  return uploadDialogData(clients, parseId(url.searchParams.get("cliente")), CONTRACT_UPLOAD.schema);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const upload = await readUploadSubmission(request, CONTRACT_UPLOAD);
  if (!upload.ok) return upload.refused;
  const { submission, id, file, bytes } = upload;
  try {
    const created = await createContract(getDb(), { clientId: id, fileName: file.name, bytes }, actor);
    if (!created.ok)
      return created.reason === "type"
        ? upload.refuse("file", CONTRACT_MESSAGES.type)
        : upload.refuse("client_id", CONTRACT_MESSAGES.noClient);
  } catch (error) {
    return failedWriteAlert("contract.upload_failed", error, {
      result: submission.reply(),
      alert: `${CONTRACT_MESSAGES.failed} Nada foi salvo; tente novamente.`,
    });
  }
  return redirectWithToast(LIST, { type: "success", title: "Contrato enviado com sucesso!", description: file.name });
}

export default function NewContract({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Enviar Contrato" closeTo={LIST}>
      <PrivateUploadForm {...CONTRACT_UPLOAD.form} {...loaderData} actionData={actionData} />
    </RouteDialog>
  );
}
