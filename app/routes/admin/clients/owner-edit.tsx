import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { OwnerForm } from "#app/components/admin/owner-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { formatCpfCnpj } from "#app/models/clients/documents";
import { rentInputValue } from "#app/models/clients/status";
import { OWNER_MESSAGES, ownerSchema } from "#app/models/owners/owner.schema";
import { getOwner, updateOwner } from "#app/models/owners/owners.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { DuplicateUserError } from "#app/models/accounts/users.server";
import { EMAIL_TAKEN } from "#app/models/clients/client.schema";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/owner-edit";
import { tabListUrl } from "./clients-tabs";

// "Editar Proprietário" (docs/product.md §Proprietários): the owner's record;
// the DIMOB's blockers link here to fill a missing CPF/CNPJ.
export function meta() {
  return [{ title: "Editar Proprietário | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

// Back to the Proprietários list as it was (its search, filter and page, in
// the query string, validated).
const listOf = (url: URL) => tabListUrl("proprietarios", url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const owner = id === null ? null : await getOwner(getDb(), id);
  invariantResponse(owner, OWNER_MESSAGES.notFound);
  return {
    name: owner.name,
    defaults: {
      name: owner.name,
      cpf_cnpj: formatCpfCnpj(owner.cpf_cnpj),
      email: owner.email ?? "",
      phone: owner.phone ?? "",
      pix_key: owner.pix_key ?? "",
      bank_account: owner.bank_account ?? "",
      approval_limit: rentInputValue(owner.approval_limit_cents),
    },
    constraint: getZodConstraint(ownerSchema),
    list: listOf(url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, OWNER_MESSAGES.notFound);
  const submission = parseWithZod(await readFormData(request), { schema: ownerSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  let saved: boolean;
  try {
    saved = await updateOwner(getDb(), id, submission.value, actor);
  } catch (error) {
    if (error instanceof DuplicateUserError)
      return data(
        { result: submission.reply({ fieldErrors: { email: [EMAIL_TAKEN] } }), alert: null },
        { status: 400 },
      );
    return failedWriteAlert("owner.update_failed", error, {
      result: submission.reply(),
      alert: OWNER_MESSAGES.saveFailed,
    });
  }
  invariantResponse(saved, OWNER_MESSAGES.notFound);
  return redirectWithToast(listOf(url), {
    type: "success",
    title: OWNER_MESSAGES.updated,
    description: submission.value.name,
  });
}

export default function EditOwner({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Editar Proprietário" closeTo={loaderData.list}>
      <OwnerForm
        constraint={loaderData.constraint}
        defaults={loaderData.defaults}
        result={actionData?.result}
        alert={actionData?.alert}
        submitLabel="Salvar alterações"
      />
    </RouteDialog>
  );
}
