import { getZodConstraint } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { PropertyForm } from "#app/components/admin/property-form";
import { NEW_PROPERTY_VALUES, propertySchema } from "#app/models/properties/admin/property.schema";
import { requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/new";
import { saveProperty } from "./property-save.server";

// "Novo Imóvel": the property form with the spec's defaults. The admin guard
// runs in the layout's middleware before this action.
export function meta() {
  return [{ title: "Novo Imóvel | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return { constraint: getZodConstraint(propertySchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const outcome = await saveProperty(request, null, actor);
  if (outcome.status !== "saved") {
    return data({ result: outcome.result, alert: outcome.alert }, { status: outcome.httpStatus });
  }
  return redirectWithToast("/admin/properties", {
    type: "success",
    title: outcome.featured ? "Imóvel cadastrado e publicado como destaque!" : "Imóvel cadastrado com sucesso!",
  });
}

export default function NewProperty({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminTitle title="Novo Imóvel" />
      <PropertyForm
        mode="new"
        constraint={loaderData.constraint}
        defaults={NEW_PROPERTY_VALUES}
        images={[]}
        actionData={actionData}
      />
    </>
  );
}
