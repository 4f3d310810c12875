import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PrivateUploadForm } from "#app/components/admin/private-upload-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { CONTRACT_ACCEPT, CONTRACT_MESSAGES, MAX_CONTRACT_BYTES, contractUploadSchema } from "#app/models/contracts/contract.schema";
import { createContract, listClientChoices } from "#app/models/contracts/contracts.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { parseId, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/contract-new";
import { readPrivateUpload } from "./private-upload.server";

// "Enviar Contrato" (docs/product.md §Contratos): the page the dialog would
// open, a plain multipart form that works without JavaScript.
export function meta() {
  return [{ title: "Enviar Contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=contratos";

export async function loader({ url }: Route.LoaderArgs) {
  const clients = await listClientChoices(getDb());
  const chosen = parseId(url.searchParams.get("cliente") ?? undefined);
  return { clients, chosen: clients.some((c) => c.id === chosen) ? String(chosen) : "", constraint: getZodConstraint(contractUploadSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const body = await readPrivateUpload(request, MAX_CONTRACT_BYTES, CONTRACT_MESSAGES.tooLarge);
  if ("error" in body) return data({ result: null, alert: body.error }, { status: 400 });
  const submission = parseWithZod(body.formData, { schema: contractUploadSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  const { client_id, file } = submission.value;
  try {
    const created = await createContract(getDb(), { clientId: client_id!, fileName: file!.name, bytes: new Uint8Array(await file!.arrayBuffer()) }, actor);
    if (!created.ok) {
      const fieldErrors: Record<string, string[]> =
        created.reason === "type" ? { file: [CONTRACT_MESSAGES.type] } : { client_id: [CONTRACT_MESSAGES.noClient] };
      return data({ result: submission.reply({ fieldErrors }), alert: null }, { status: 400 });
    }
  } catch (error) {
    return failedWriteAlert("contract.upload_failed", error, {
      result: submission.reply(),
      alert: `${CONTRACT_MESSAGES.failed} Nada foi salvo; tente novamente.`,
    });
  }
  return redirectWithToast(LIST, { type: "success", title: "Contrato enviado com sucesso!", description: file!.name });
}

export default function NewContract({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Enviar Contrato" closeTo={LIST}>
      <PrivateUploadForm
        choiceName="client_id"
        choiceLabel="Cliente"
        placeholder="Selecione um cliente"
        options={loaderData.clients.map((c) => ({ value: c.id, label: c.name }))}
        chosen={loaderData.chosen}
        accept={CONTRACT_ACCEPT}
        hint={"PDF, DOC ou DOCX, até 20 MB."}
        submitLabel="Enviar Contrato"
        alertTitle="Erro ao enviar contrato"
        constraint={loaderData.constraint}
        actionData={actionData}
      />
    </RouteDialog>
  );
}
