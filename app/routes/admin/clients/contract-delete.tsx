import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb, rethrowIfBusy } from "#app/db/db.server";
import { CONTRACT_MESSAGES, contractDeleteSchema } from "#app/models/contracts/contract.schema";
import { deleteContract, getContract } from "#app/models/contracts/contracts.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { formatDateTime } from "#app/utils/format";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/contract-delete";

// Deleting a contract: a confirmation page (the list's inline confirmation
// posts here too). The row goes in one transaction with its audit row, then
// the file (after the commit).
export function meta() {
  return [{ title: "Excluir Contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=contratos";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const contract = id === null ? null : await getContract(getDb(), id);
  invariantResponse(contract, "Contrato não encontrado");
  return { contract };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: contractDeleteSchema });
  if (id === null || submission.status !== "success")
    return redirectWithToast(LIST, { type: "error", title: "Erro", description: CONTRACT_MESSAGES.deleteFailed });
  let deleted: Awaited<ReturnType<typeof deleteContract>>;
  try {
    deleted = await deleteContract(getDb(), id, actor);
  } catch (error) {
    rethrowIfBusy(error);
    console.error("contract delete failed", error);
    return redirectWithToast(LIST, { type: "error", title: "Erro", description: CONTRACT_MESSAGES.deleteFailed });
  }
  if (!deleted) return redirectWithToast(LIST, { type: "error", title: "Erro", description: CONTRACT_MESSAGES.deleteFailed });
  await removePrivateFiles([deleted.fileKey]);
  return redirectWithToast(LIST, { type: "success", title: "Contrato excluído com sucesso!", description: deleted.fileName });
}

export default function DeleteContract({ loaderData }: Route.ComponentProps) {
  const { contract } = loaderData;
  return (
    <RouteDialog title="Excluir Contrato" closeTo={LIST}>
      <Form method="post" className="space-y-4">
        <p>
          Excluir o contrato <strong>{contract.file_name}</strong> de <strong>{contract.client_name}</strong>, enviado em {formatDateTime(contract.uploaded_at)}{" "}
          por {contract.uploaded_by_name}? O arquivo será apagado e não há como desfazer.
        </p>
        <div className="flex flex-wrap gap-3">
          <button name="intent" value="delete" className="rounded-md bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800">
            Confirmar exclusão
          </button>
          <Link to={LIST} className="inline-flex items-center rounded-md border border-slate-300 px-5 py-3 font-semibold">
            Cancelar
          </Link>
        </div>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} notFoundTitle="Contrato não encontrado" notFoundText="Este contrato não existe ou já foi excluído." />;
}
