import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { GuaranteeDocuments, GuaranteeForm } from "#app/components/admin/guarantee-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { formatCpfCnpj } from "#app/models/clients/documents";
import { getClient } from "#app/models/clients/clients.server";
import { rentInputValue } from "#app/models/clients/status";
import { GUARANTEE_MESSAGES, guaranteeSchema } from "#app/models/guarantees/guarantee.schema";
import { getGuarantee, saveGuarantee } from "#app/models/guarantees/guarantees.server";
import { guaranteeDocuments } from "#app/models/guarantees/documents.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/guarantee";
import { readTab, tabListUrl } from "./clients-tabs";

// "Garantia do contrato" (issue 36; docs/decisions/0066-lease-dates.md): a
// dialog over the client lists, a page without JavaScript.
export function meta() {
  return [{ title: "Garantia do contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const client = id === null ? null : await getClient(getDb(), id);
  invariantResponse(client, GUARANTEE_MESSAGES.notFound);
  const g = await getGuarantee(getDb(), client.id);
  return {
    id: client.id,
    name: client.name,
    documents: await guaranteeDocuments(getDb(), client.id),
    search: url.search,
    defaults: g
      ? {
          kind: g.kind,
          amount: rentInputValue(g.amount_cents),
          provider_name: g.provider_name ?? "",
          provider_document: formatCpfCnpj(g.provider_document),
          provider_email: g.provider_email ?? "",
          reference: g.reference ?? "",
          valid_until: g.valid_until ?? "",
          copy_on_arrears: g.copy_on_arrears === 1 ? "on" : "",
          notes: g.notes ?? "",
        }
      : { kind: "nenhuma" },
    constraint: getZodConstraint(guaranteeSchema),
    list: listOf(url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, GUARANTEE_MESSAGES.notFound);
  const submission = parseWithZod(await readFormData(request), { schema: guaranteeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  let saved: Awaited<ReturnType<typeof saveGuarantee>>;
  try {
    saved = await saveGuarantee(getDb(), id, submission.value, actor);
  } catch (error) {
    return failedWriteAlert("guarantee.save_failed", error, {
      result: submission.reply(),
      alert: GUARANTEE_MESSAGES.saveFailed,
    });
  }
  if (!saved.ok && saved.reason === "caution")
    return data(
      { result: submission.reply({ fieldErrors: { amount: [GUARANTEE_MESSAGES.cautionTooHigh] } }), alert: null },
      { status: 400 },
    );
  invariantResponse(saved.ok, GUARANTEE_MESSAGES.notFound);
  return redirectWithToast(listOf(url), {
    type: "success",
    title: saved.removed ? GUARANTEE_MESSAGES.removed : GUARANTEE_MESSAGES.saved,
  });
}

export default function Guarantee({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={`Garantia do contrato: ${loaderData.name}`} closeTo={loaderData.list}>
      <GuaranteeForm
        constraint={loaderData.constraint}
        defaults={loaderData.defaults}
        result={actionData?.result}
        alert={actionData?.alert}
      />
      <GuaranteeDocuments
        documents={loaderData.documents}
        uploadHref={`/admin/clients/${loaderData.id}/garantia/documentos/novo${loaderData.search}`}
      />
    </RouteDialog>
  );
}
