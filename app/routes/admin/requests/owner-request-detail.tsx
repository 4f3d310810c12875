import {
  DetailItem,
  EmailLink,
  LongText,
  PhoneLinks,
  RequestDetailPage,
  orDash,
} from "#app/components/admin/request-detail";
import { RequestErrorState } from "#app/components/admin/request-error";
import { handleRequestUpdate, loadRequestDetail } from "./request-actions.server";
import { ownerPropertyTypeLabel } from "#app/models/leads/admin/request-status";
import { formatBRL } from "#app/models/shared/money";
import { formatInt } from "#app/utils/format";
import type { Route } from "./+types/owner-request-detail";

// /admin/listings/:id: every field of one owner request, and its handling.
const TITLE = "Detalhes da Solicitação de Anúncio";

export function meta() {
  return [{ title: `${TITLE} | Painel Administrativo` }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  return loadRequestDetail("owner", params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleRequestUpdate(request, context, "owner", params.id);
}

const count = (n: number | null) => orDash(n == null ? null : formatInt(n));

export default function OwnerRequestDetail({ loaderData }: Route.ComponentProps) {
  const { row, staff } = loaderData;
  return (
    <RequestDetailPage title={TITLE} listPath="/admin/listings" row={row} staff={staff}>
      <DetailItem label="Nome">{row.name}</DetailItem>
      <DetailItem label="Email">
        <EmailLink email={row.email} />
      </DetailItem>
      <DetailItem label="Telefone">
        <PhoneLinks phone={row.phone} />
      </DetailItem>
      <DetailItem label="Código">#{row.id}</DetailItem>
      <DetailItem label="Tipo do imóvel">{ownerPropertyTypeLabel(row.property_type)}</DetailItem>
      <DetailItem label="Preço pretendido">{formatBRL(row.price_cents)}</DetailItem>
      <DetailItem label="Endereço" wide>
        {row.address}
      </DetailItem>
      <DetailItem label="Área">{row.area == null ? "—" : `${formatInt(row.area)} m²`}</DetailItem>
      <DetailItem label="Quartos">{count(row.bedrooms)}</DetailItem>
      <DetailItem label="Suítes">{count(row.suites)}</DetailItem>
      <DetailItem label="Banheiros">{count(row.bathrooms)}</DetailItem>
      <DetailItem label="Vagas">{count(row.parking_spaces)}</DetailItem>
      <DetailItem label="Descrição" wide>
        <LongText text={row.description} />
      </DetailItem>
    </RequestDetailPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RequestErrorState error={error} title={TITLE} listPath="/admin/listings" />;
}
