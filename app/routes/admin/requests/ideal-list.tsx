import { EmailLink } from "#app/components/admin/request-detail";
import { RequestErrorState } from "#app/components/admin/request-error";
import { RequestListPage } from "#app/components/admin/request-list-page";
import type { RequestColumn } from "#app/components/admin/request-table";
import { RequestPropertyLink } from "#app/components/admin/request-property-link";
import { getDb } from "#app/db/db.server";
import { propertyLabels } from "#app/models/properties/properties.server";
import { handleRequestUpdate, loadRequestList } from "./request-actions.server";
import type { RequestRow } from "#app/models/leads/admin/requests.server";
import type { Route } from "./+types/ideal-list";

// /admin/requests: the visitors' ideal-property requests (docs/product.md
// §Solicitações).
const TITLE = "Solicitações de Imóveis Ideais";

export function meta() {
  return [{ title: `${TITLE} | Painel Administrativo` }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const list = await loadRequestList("ideal", url);
  // "Tenho interesse" requests name the property they came from.
  return {
    ...list,
    properties: await propertyLabels(
      getDb(),
      list.rows.map((r) => r.property_id),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleRequestUpdate(request, context, "ideal");
}

type Row = RequestRow<"ideal">;

const columns = (properties: Record<number, { code: string; name: string }>): RequestColumn<Row>[] => [
  {
    header: "Cliente",
    cell: (r) => (
      <>
        <p className="font-semibold text-slate-900">{r.name}</p>
        <RequestPropertyLink id={r.property_id} label={r.property_id != null ? properties[r.property_id] : undefined} />
        <p className="line-clamp-2 text-slate-600" title={r.ideal_property}>
          {r.ideal_property}
        </p>
      </>
    ),
  },
  {
    header: "Contato",
    cell: (r) => (
      <>
        <EmailLink email={r.email} />
        {r.phone ? <p className="text-slate-700">{r.phone}</p> : null}
      </>
    ),
  },
];

export default function IdealRequests({ loaderData }: Route.ComponentProps) {
  const { rows, truncated, filter, staff, properties } = loaderData;
  return (
    <RequestListPage
      title={TITLE}
      basePath="/admin/requests"
      rows={rows}
      truncated={truncated}
      filter={filter}
      columns={columns(properties)}
      staff={staff}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RequestErrorState error={error} title={TITLE} listPath="/admin/requests" />;
}
