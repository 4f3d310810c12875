import { ConfirmDeleteDialog } from "#app/components/admin/confirm-delete";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb } from "#app/db/db.server";
import { CONTRACT_MESSAGES } from "#app/models/contracts/contract.schema";
import { deleteContract, getContract } from "#app/models/contracts/contracts.server";
import { formatDateTime } from "#app/utils/format-date";
import { invariantResponse, parseId } from "#app/utils/http.server";
import type { Route } from "./+types/contract-delete";
import { tabListUrl } from "./clients-tabs";
import { deleteStoredFileAction } from "./private-file-delete.server";

// Deleting a contract: a confirmation page (the list's inline confirmation
// posts here too). The row goes in one transaction with its audit row, then
// the file (after the commit).
export function meta() {
  return [{ title: "Excluir Contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

// Back to the Contratos list as it was: the list's search and page come in
// this page's query string, validated again.
const listOf = (url: URL) => tabListUrl("contratos", url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const contract = id === null ? null : await getContract(getDb(), id);
  invariantResponse(contract, "Contrato não encontrado");
  return { contract, list: listOf(url) };
}

export function action(args: Route.ActionArgs) {
  return deleteStoredFileAction(args, {
    list: listOf(args.url),
    failed: CONTRACT_MESSAGES.deleteFailed,
    done: "Contrato excluído com sucesso!",
    remove: deleteContract,
  });
}

export default function DeleteContract({ loaderData }: Route.ComponentProps) {
  const { contract, list } = loaderData;
  return (
    <ConfirmDeleteDialog title="Excluir Contrato" closeTo={list}>
      Excluir o contrato <strong>{contract.file_name}</strong> de <strong>{contract.client_name}</strong>, enviado em{" "}
      {formatDateTime(contract.uploaded_at)} por {contract.uploaded_by_name}? O arquivo será apagado e não há como
      desfazer.
    </ConfirmDeleteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Contrato não encontrado"
      notFoundText="Este contrato não existe ou já foi excluído."
    />
  );
}
