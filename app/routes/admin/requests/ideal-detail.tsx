import { DetailItem, EmailLink, LongText, PhoneLinks, RequestDetailPage } from "#app/components/admin/request-detail";
import { RequestErrorState } from "#app/components/admin/request-error";
import { RequestPropertyLink } from "#app/components/admin/request-property-link";
import { getDb } from "#app/db/db.server";
import { propertyLabels } from "#app/models/properties/properties.server";
import { handleRequestUpdate, loadRequestDetail } from "./request-actions.server";
import type { Route } from "./+types/ideal-detail";

// /admin/requests/:id: every field of one ideal-property request, and its handling.
const TITLE = "Detalhes da Solicitação";

export function meta() {
  return [{ title: `${TITLE} | Painel Administrativo` }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const detail = await loadRequestDetail("ideal", params.id);
  return { ...detail, properties: await propertyLabels(getDb(), [detail.row.property_id]) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleRequestUpdate(request, context, "ideal", params.id);
}

export default function IdealRequestDetail({ loaderData }: Route.ComponentProps) {
  const { row, staff, properties } = loaderData;
  return (
    <RequestDetailPage title={TITLE} listPath="/admin/requests" row={row} staff={staff}>
      <DetailItem label="Nome">{row.name}</DetailItem>
      <DetailItem label="Email">
        <EmailLink email={row.email} />
      </DetailItem>
      <DetailItem label="Telefone">
        <PhoneLinks phone={row.phone} />
      </DetailItem>
      <DetailItem label="Código">#{row.id}</DetailItem>
      {row.property_id != null ? (
        <DetailItem label="Imóvel de interesse">
          <RequestPropertyLink id={row.property_id} label={properties[row.property_id]} />
        </DetailItem>
      ) : null}
      <DetailItem label="Imóvel ideal" wide>
        <LongText text={row.ideal_property} />
      </DetailItem>
    </RequestDetailPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RequestErrorState error={error} title={TITLE} listPath="/admin/requests" />;
}
