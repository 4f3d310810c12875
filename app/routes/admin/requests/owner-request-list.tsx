import { EmailLink } from "#app/components/admin/request-detail";
import { RequestErrorState } from "#app/components/admin/request-error";
import { RequestListPage } from "#app/components/admin/request-list-page";
import type { RequestColumn } from "#app/components/admin/request-table";
import { handleRequestUpdate, loadRequestList } from "./request-actions.server";
import type { RequestRow } from "#app/models/leads/admin/requests.server";
import { ownerPropertyTypeLabel } from "#app/models/leads/admin/request-status";
import { formatBRL } from "#app/models/shared/money";
import type { Route } from "./+types/owner-request-list";

// /admin/listings: owners asking the agency to advertise a property
// (docs/product.md §Solicitações).
const TITLE = "Solicitações de Anúncio";

export function meta() {
  return [{ title: `${TITLE} | Painel Administrativo` }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  return loadRequestList("owner", url);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleRequestUpdate(request, context, "owner");
}

type Row = RequestRow<"owner">;

const columns: RequestColumn<Row>[] = [
  {
    header: "Cliente/Imóvel",
    cell: (r) => (
      <>
        <p className="font-semibold text-slate-900">{r.name}</p>
        <p className="text-slate-600">{ownerPropertyTypeLabel(r.property_type)}</p>
      </>
    ),
  },
  {
    header: "Contato",
    cell: (r) => (
      <>
        <EmailLink email={r.email} />
        <p className="text-slate-700">{r.phone}</p>
      </>
    ),
  },
  {
    header: "Endereço/Preço",
    cell: (r) => (
      <>
        <p className="text-slate-800">{r.address}</p>
        <p className="font-semibold whitespace-nowrap text-slate-900">{formatBRL(r.price_cents)}</p>
      </>
    ),
  },
];

export default function OwnerRequests({ loaderData }: Route.ComponentProps) {
  const { rows, truncated, filter, staff } = loaderData;
  return (
    <RequestListPage
      title={TITLE}
      basePath="/admin/listings"
      rows={rows}
      truncated={truncated}
      filter={filter}
      columns={columns}
      staff={staff}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RequestErrorState error={error} title={TITLE} listPath="/admin/listings" />;
}
