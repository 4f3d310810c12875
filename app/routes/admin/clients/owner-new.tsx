import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { OWNERS_TAB, OwnerForm } from "#app/components/admin/owner-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { OWNER_MESSAGES, ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/owner-new";

// "Novo Proprietário" (docs/product.md §Proprietários): a dialog over the
// Proprietários tab (decision 0010), a page without JavaScript.
export function meta() {
  return [{ title: "Novo Proprietário | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return { constraint: getZodConstraint(ownerSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: ownerSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  try {
    await createOwner(getDb(), submission.value, actor);
  } catch (error) {
    return failedWriteAlert("owner.create_failed", error, {
      result: submission.reply(),
      alert: OWNER_MESSAGES.saveFailed,
    });
  }
  return redirectWithToast(OWNERS_TAB, {
    type: "success",
    title: OWNER_MESSAGES.created,
    description: submission.value.name,
  });
}

export default function NewOwner({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Novo Proprietário" closeTo={OWNERS_TAB}>
      <OwnerForm
        constraint={loaderData.constraint}
        defaults={{}}
        result={actionData?.result}
        alert={actionData?.alert}
        submitLabel="Cadastrar Proprietário"
      />
    </RouteDialog>
  );
}
