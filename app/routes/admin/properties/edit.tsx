import { getZodConstraint } from "@conform-to/zod/v4";
import { data } from "react-router";
import { invariantResponse, parseId, requireRole } from "#app/utils/http.server";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { PropertyForm } from "#app/components/admin/property-form";
import { getDb } from "#app/db/db.server";
import { getPropertyForEdit } from "#app/models/properties/admin/property-admin.server";
import {
  cepInputValue,
  priceInputValue,
  propertySchema,
  type PropertyFormValues,
} from "#app/models/properties/admin/property.schema";
import { formatPropertyCode } from "#app/models/properties/search";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/edit";
import { saveProperty } from "./property-save.server";

// "Editar Imóvel". The property is the one of the URL; the form's hidden id
// must match it, and only this property's images can be removed or reordered.
export function meta() {
  return [{ title: "Editar Imóvel | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

async function loadProperty(param: string) {
  const id = parseId(param);
  const property = id ? await getPropertyForEdit(getDb(), id) : null;
  invariantResponse(property, "Imóvel não encontrado");
  return property;
}

export async function loader({ params }: Route.LoaderArgs) {
  const p = await loadProperty(params.id);
  const defaults: PropertyFormValues = {
    name: p.name,
    type: p.type,
    status: p.status,
    category: p.category,
    location: p.location,
    price: priceInputValue(p.price_cents),
    area: String(p.area),
    bedrooms: String(p.bedrooms),
    suites: String(p.suites),
    bathrooms: String(p.bathrooms),
    parking_spaces: String(p.parking_spaces),
    description: p.description ?? "",
    featured: p.featured,
    standard: p.standard,
    is_exclusive: p.is_exclusive,
    advertised_for: p.advertised_for,
    cep: cepInputValue(p.cep),
  };
  return {
    id: p.id,
    code: formatPropertyCode(p.property_code),
    defaults,
    images: p.images,
    constraint: getZodConstraint(propertySchema),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const property = await loadProperty(params.id);
  const outcome = await saveProperty(request, property, actor);
  if (outcome.status !== "saved") {
    return data({ result: outcome.result, alert: outcome.alert }, { status: outcome.httpStatus });
  }
  return redirectWithToast("/admin/properties", { type: "success", title: "Imóvel atualizado com sucesso!" });
}

export default function EditProperty({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminTitle title="Editar Imóvel">
        <span className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-slate-700 ring-1 ring-slate-200">
          {loaderData.code}
        </span>
        <a
          href={`/imoveis/${loaderData.id}`}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-md px-3 py-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          Ver no site
        </a>
      </AdminTitle>
      {/* key: a save of another property must not reuse this form's state */}
      <PropertyForm
        key={loaderData.id}
        mode="edit"
        propertyId={loaderData.id}
        constraint={loaderData.constraint}
        defaults={loaderData.defaults}
        images={loaderData.images}
        actionData={actionData}
      />
    </>
  );
}
