import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { Tabs } from "#app/components/ui/tabs";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { PropertyList } from "#app/components/admin/property-list";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { listFeedIssues } from "#app/models/feed/feed.server";
import {
  deletePropertyRow,
  listAdminProperties,
  toggleFeatured,
} from "#app/models/properties/admin/property-admin.server";
import { deleteListingImageFiles } from "#app/models/properties/image-store.server";
import { propertyRowActionSchema } from "#app/models/properties/admin/property-actions.schema";
import { ADVERTISED_FOR } from "#app/models/properties/options";
import { reportFailure } from "#app/utils/failure.server";
import { requireRole, readFormData } from "#app/utils/http.server";
import { log } from "#app/utils/log.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/index";

// "Gestão de Imóveis": tabs Todos os Imóveis / Destaques (?aba=destaques), the
// modality filter (?modalidade=), the unpaginated list, and the row actions
// (toggle featured, delete), each a POST with intent + id.
export function meta() {
  return [{ title: "Gestão de Imóveis | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

function readFilters(params: URLSearchParams) {
  const featuredOnly = params.get("aba") === "destaques";
  const m = params.get("modalidade");
  const modality = m && (ADVERTISED_FOR as readonly string[]).includes(m) ? m : null;
  return { featuredOnly, modality };
}

function listUrl({ featuredOnly, modality }: ReturnType<typeof readFilters>) {
  const q = new URLSearchParams();
  if (featuredOnly) q.set("aba", "destaques");
  if (modality) q.set("modalidade", modality);
  const s = q.toString();
  return `/admin/properties${s ? `?${s}` : ""}`;
}

export async function loader({ url }: Route.LoaderArgs) {
  const filters = readFilters(url.searchParams);
  try {
    const db = getDb();
    // Why a property is left out of the portal feed, beside it in the list.
    const feedIssues = Object.fromEntries(await listFeedIssues(db));
    return { ...filters, items: await listAdminProperties(db, filters), feedIssues, error: null };
  } catch (error) {
    // The cause stays in the log; staff read what failed and what to do.
    reportFailure("property.list_failed", error);
    const what = filters.featuredOnly
      ? "Não foi possível carregar os imóveis em destaque."
      : "Não foi possível carregar os imóveis.";
    return { ...filters, items: [], feedIssues: {}, error: `${what} Tente novamente em instantes.` };
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const back = listUrl(readFilters(url.searchParams));
  const submission = parseWithZod(await readFormData(request), { schema: propertyRowActionSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    const description =
      intent === "toggle-featured"
        ? "Não foi possível alterar o status de destaque."
        : intent === "delete"
          ? "Não foi possível excluir o imóvel."
          : "Ação desconhecida.";
    return redirectWithToast(back, { type: "error", title: "Erro", description });
  }
  const { intent, id } = submission.value;
  const db = getDb();

  if (intent === "toggle-featured") {
    const failed = { title: "Erro", description: "Não foi possível alterar o status de destaque." };
    const featured = await toggleFeatured(db, id, actor);
    if (featured == null) return redirectWithToast(back, { type: "error", ...failed });
    return redirectWithToast(back, {
      type: "success",
      title: featured ? "Imóvel adicionado aos destaques" : "Imóvel removido dos destaques",
    });
  }
  const failed = { title: "Erro", description: "Não foi possível excluir o imóvel." };
  const files = await deletePropertyRow(db, id, actor);
  if (files == null) return redirectWithToast(back, { type: "error", ...failed });
  // The rows are gone (images cascade); now the files. A file that cannot be
  // removed only costs disk space, so it is logged, not reported.
  for (const img of files)
    await deleteListingImageFiles(img).catch((error) => log.warn("image.remove_failed", { key: img.file_key, error }));
  return redirectWithToast(back, { type: "success", title: "Imóvel excluído com sucesso" });
}

const TABS = [
  { id: "todos", label: "Todos os Imóveis" },
  { id: "destaques", label: "Destaques" },
] as const;

export default function PropertiesAdmin({ loaderData }: Route.ComponentProps) {
  const { featuredOnly, modality, items, feedIssues, error } = loaderData;
  const heading = featuredOnly ? "Imóveis em destaque" : "Todos os imóveis";
  return (
    <>
      <AdminTitle title="Gestão de Imóveis">
        <Link to="/admin/properties/new" className={buttonClass()}>
          <Plus aria-hidden className="size-4" /> Novo Imóvel
        </Link>
      </AdminTitle>
      <Tabs
        label="Abas"
        tabs={TABS}
        current={featuredOnly ? "destaques" : "todos"}
        href={(id) => listUrl({ featuredOnly: id === "destaques", modality })}
        className="mb-4"
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          {heading} <span className="text-sm font-normal text-slate-600">({items.length})</span>
        </h2>
        <Form method="get" className="flex items-end gap-2">
          {featuredOnly ? <input type="hidden" name="aba" value="destaques" /> : null}
          <div>
            <label htmlFor="modalidade" className="mb-1 block text-sm font-medium text-slate-800">
              Filtrar por modalidade
            </label>
            <select
              id="modalidade"
              name="modalidade"
              defaultValue={modality ?? "todos"}
              key={modality ?? "todos"}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="todos">todos</option>
              {ADVERTISED_FOR.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" size="sm">
            Filtrar
          </Button>
        </Form>
      </div>
      {error ? (
        <FormAlert title="Erro ao carregar" description={error} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
          Nenhum imóvel encontrado.
        </p>
      ) : (
        <PropertyList items={items} feedIssues={feedIssues} />
      )}
    </>
  );
}
