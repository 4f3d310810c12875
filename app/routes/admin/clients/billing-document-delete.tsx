import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb, rethrowIfBusy } from "#app/db/db.server";
import { BILLING_MESSAGES, billingDocumentDeleteSchema } from "#app/models/billing/billing.schema";
import { deleteBillingDocument, getBillingDocument } from "#app/models/billing/billing.server";
import { periodLabel } from "#app/models/billing/months";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { formatDateTime } from "#app/utils/format";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-document-delete";

// Deleting a boleto attached to a billing: a confirmation page (works without
// JavaScript). The row goes in one transaction with its audit row, then the
// file after the commit; a file that cannot be removed only warns in the log
// (spec §8: "A failure to remove a stored file only warns").
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const fail = () => redirectWithToast(LIST, { type: "error", title: "Erro", description: BILLING_MESSAGES.documentDeleteFailed });
  const id = parseId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: billingDocumentDeleteSchema });
  if (id === null || submission.status !== "success") return fail();
  let deleted: Awaited<ReturnType<typeof deleteBillingDocument>>;
  try {
    deleted = await deleteBillingDocument(getDb(), id, actor);
  } catch (error) {
    rethrowIfBusy(error);
    console.error("billing document delete failed", error);
    return fail();
  }
  if (!deleted) return fail();
  await removePrivateFiles([deleted.fileKey]);
  return redirectWithToast(LIST, { type: "success", title: BILLING_MESSAGES.documentDeleted, description: deleted.fileName });
}

export default function DeleteBillingDocument({ loaderData }: Route.ComponentProps) {
  const { document: d } = loaderData;
  return (
    <>
      <Link to={LIST} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Voltar para Gestão de Cobranças
      </Link>
      <AdminTitle title="Excluir Boleto" />
      <Form method="post" className="max-w-xl space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="break-words">
          Excluir o boleto <strong>{d.file_name}</strong> da cobrança de {periodLabel(d.month_year)} de <strong>{d.client_name}</strong>, enviado em{" "}
          {formatDateTime(d.uploaded_at)}? O arquivo será apagado e não há como desfazer.
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
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} notFoundTitle="Boleto não encontrado" notFoundText="Este boleto não existe ou já foi excluído." />;
}
