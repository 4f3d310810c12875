import { EmailLink } from "#app/components/admin/request-detail";
import { RequestErrorState } from "#app/components/admin/request-error";
import { RequestListPage } from "#app/components/admin/request-list-page";
import type { RequestColumn } from "#app/components/admin/request-table";
import { handleRequestUpdate, loadRequestList } from "./request-actions.server";
import type { RequestRow } from "#app/models/leads/admin/requests.server";
import type { Route } from "./+types/ideal-list";

// /admin/requests: the visitors' ideal-property requests (spec §2 Requests).
const TITLE = "Solicitações de Imóveis Ideais";

export function meta() {
  return [{ title: `${TITLE} | Painel Administrativo` }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  return loadRequestList("ideal", url);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleRequestUpdate(request, context, "ideal");
}

type Row = RequestRow<"ideal">;

const columns: RequestColumn<Row>[] = [
  {
    header: "Cliente",
    cell: (r) => (
      <>
        <p className="font-semibold text-slate-900">{r.name}</p>
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
  const { rows, truncated, filter, staff } = loaderData;
  return <RequestListPage title={TITLE} basePath="/admin/requests" rows={rows} truncated={truncated} filter={filter} columns={columns} staff={staff} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RequestErrorState error={error} title={TITLE} listPath="/admin/requests" />;
}
