import { ConfirmDeleteDialog } from "#app/components/admin/confirm-delete";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb } from "#app/db/db.server";
import { BILLING_MESSAGES } from "#app/models/billing/billing.schema";
import { billingRowHref } from "#app/models/billing/billing-query";
import { deleteBillingDocument, getBillingDocument } from "#app/models/billing/documents.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDateTime } from "#app/utils/format-date";
import { invariantResponse, parseId } from "#app/utils/http.server";
import type { Route } from "./+types/billing-document-delete";
import { deleteStoredFileAction } from "./private-file-delete.server";

// Deleting a boleto attached to a billing: a confirmation page (works without
// JavaScript). The row goes in one transaction with its audit row, then the
// file after the commit; a file that cannot be removed only warns.
export function meta() {
  return [{ title: "Excluir Boleto | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=cobrancas";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const document = id === null ? null : await getBillingDocument(getDb(), id);
  invariantResponse(document, "Boleto não encontrado");
  return { document };
}

// Back to the billing's row among its client's billings (or the tab, when the
// boleto is already gone).
const rowOf = (d: { client_id: number; billing_id: number } | null) =>
  d ? billingRowHref(d.client_id, d.billing_id) : LIST;

export async function action(args: Route.ActionArgs) {
  const id = parseId(args.params.id);
  const document = id === null ? null : await getBillingDocument(getDb(), id);
  return deleteStoredFileAction(args, {
    list: rowOf(document),
    failed: BILLING_MESSAGES.documentDeleteFailed,
    done: BILLING_MESSAGES.documentDeleted,
    remove: deleteBillingDocument,
  });
}

export default function DeleteBillingDocument({ loaderData }: Route.ComponentProps) {
  const { document: d } = loaderData;
  return (
    <ConfirmDeleteDialog title="Excluir Boleto" closeTo={rowOf(d)}>
      Excluir o boleto <strong>{d.file_name}</strong> da cobrança de {periodLabel(d.month_year)} de{" "}
      <strong>{d.client_name}</strong>, enviado em {formatDateTime(d.uploaded_at)}? O arquivo será apagado e não há como
      desfazer.
    </ConfirmDeleteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Boleto não encontrado"
      notFoundText="Este boleto não existe ou já foi excluído."
    />
  );
}
