import { ConfirmDeleteDialog } from "#app/components/admin/confirm-delete";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb } from "#app/db/db.server";
import { GUARANTEE_DOCUMENT_MESSAGES as M } from "#app/models/guarantees/guarantee.schema";
import { deleteGuaranteeDocument, getGuaranteeDocument } from "#app/models/guarantees/documents.server";
import { formatDateTime } from "#app/utils/format-date";
import { invariantResponse, parseId } from "#app/utils/http.server";
import type { Route } from "./+types/guarantee-document-delete";
import { deleteStoredFileAction } from "./private-file-delete.server";

// Deleting a guarantee's document (decision 0075): a confirmation page; the
// row goes with its audit row, then the file; back to "Garantia do contrato".
export function meta() {
  return [{ title: "Excluir documento da garantia | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

async function loadDocument(param: string | undefined) {
  const id = parseId(param);
  const document = id === null ? null : await getGuaranteeDocument(getDb(), id);
  invariantResponse(document, "Documento não encontrado");
  return document;
}

const guaranteeOf = (clientId: number) => `/admin/clients/${clientId}/garantia`;

export async function loader({ params }: Route.LoaderArgs) {
  const document = await loadDocument(params.id);
  return { document, back: guaranteeOf(document.client_id) };
}

// A document already gone (a second click): the clients list with the
// spec's error toast, not a 404.
export async function action(args: Route.ActionArgs) {
  const id = parseId(args.params.id);
  const document = id === null ? null : await getGuaranteeDocument(getDb(), id);
  return deleteStoredFileAction(args, {
    list: document ? guaranteeOf(document.client_id) : "/admin/clients",
    failed: M.deleteFailed,
    done: "Documento da garantia excluído",
    remove: deleteGuaranteeDocument,
  });
}

export default function DeleteGuaranteeDocument({ loaderData }: Route.ComponentProps) {
  const { document, back } = loaderData;
  return (
    <ConfirmDeleteDialog title="Excluir documento da garantia" closeTo={back}>
      Excluir <strong>{document.file_name}</strong>, da garantia do contrato de <strong>{document.client_name}</strong>,
      enviado em {formatDateTime(document.uploaded_at)} por {document.uploaded_by_name}? O arquivo será apagado e não há
      como desfazer.
    </ConfirmDeleteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Documento não encontrado"
      notFoundText="Este documento não existe ou já foi excluído."
    />
  );
}
