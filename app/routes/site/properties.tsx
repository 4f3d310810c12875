import { X } from "lucide-react";
import { Form, Link } from "react-router";
import { EmptyState } from "#app/components/site/empty-state";
import { PageHeader } from "#app/components/site/page-header";
import { Pagination } from "#app/components/site/pagination";
import { PropertyGrid } from "#app/components/site/property-card";
import { inputClass } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { describeFilter, isFiltered, pageUrl, parseFilter, parsePage } from "#app/models/properties/filters";
import { CATEGORIES, FILTER_TYPES } from "#app/models/properties/options";
import { countProperties, searchProperties } from "#app/models/properties/properties.server";
import { seo } from "#app/utils/seo";
import type { Route } from "./+types/properties";

export function meta({ matches, location }: Route.MetaArgs) {
  const params = new URLSearchParams(location.search);
  const page = parsePage(params);
  return seo({
    matches,
    title: page > 1 ? `Todos os Imóveis - página ${page}` : "Todos os Imóveis",
    description: "Casas, apartamentos, terrenos, salas e galpões à venda e para alugar em Três Lagoas - MS. Filtre por tipo, bairro e faixa de preço.",
    path: page > 1 ? `/imoveis?page=${page}` : "/imoveis",
    // Filtered variants are not separate pages for search engines.
    noindex: isFiltered(parseFilter(params)),
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const filter = parseFilter(params);
  const page = parsePage(params);
  const db = getDb();
  const result = await searchProperties(db, filter, page);
  const anyRegistered = result.total > 0 || (await countProperties(db)) > 0;
  return { ...result, filter, labels: describeFilter(filter), filtered: isFiltered(filter), anyRegistered, query: params.toString() };
}

export default function PropertiesPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filter, labels, filtered, anyRegistered, query } = loaderData;
  const params = new URLSearchParams(query);
  const search = filter.kind === "search" ? filter.text : "";
  const category = filter.kind === "filters" ? (filter.category ?? "") : "";
  const type = filter.kind === "filters" ? (filter.type ?? "") : "";
  return (
    <>
      <PageHeader title="Todos os Imóveis" subtitle="Encontre casas, apartamentos, terrenos e imóveis comerciais em Três Lagoas." />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <Form
          method="get"
          action="/imoveis"
          className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:grid-cols-[2fr_1.5fr_1fr_auto_auto]"
        >
          <div>
            <label htmlFor="filter-search" className="mb-1 block text-sm font-medium text-slate-800">
              Buscar
            </label>
            <input
              id="filter-search"
              name="search"
              type="search"
              defaultValue={search}
              key={search}
              maxLength={200}
              placeholder="Nome, bairro, tipo ou código (#0100)"
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="filter-category" className="mb-1 block text-sm font-medium text-slate-800">
              Categoria
            </label>
            <select id="filter-category" name="category" defaultValue={category} key={`c-${category}`} className={inputClass}>
              <option value="">Todas as categorias</option>
              {CATEGORIES.map((c) => (
                <option key={c.slug} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-type" className="mb-1 block text-sm font-medium text-slate-800">
              Tipo
            </label>
            <select id="filter-type" name="type" defaultValue={type} key={`t-${type}`} className={inputClass}>
              <option value="">Todos os tipos</option>
              {FILTER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          {filter.kind === "filters" && filter.neighborhood ? <input type="hidden" name="neighborhood" value={filter.neighborhood} /> : null}
          {filter.kind === "filters" && filter.priceRange ? <input type="hidden" name="priceRange" value={filter.priceRange} /> : null}
          {filter.kind === "filters" && filter.advertisedFor ? <input type="hidden" name="advertised_for" value={filter.advertisedFor} /> : null}
          <div className="flex items-end">
            <button type="submit" className="w-full rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
              Filtrar
            </button>
          </div>
          <div className="flex items-end">
            <Link
              to="/imoveis"
              className="inline-flex w-full items-center justify-center gap-1 rounded-md border border-slate-300 px-4 py-2.5 font-medium text-slate-700 hover:bg-slate-50"
            >
              <X aria-hidden className="size-4" /> Limpar filtros
            </Link>
          </div>
        </Form>

        {filtered ? (
          <div
            role="status"
            className="mt-6 flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900"
            data-testid="applied-filters"
          >
            <span className="font-semibold">Filtros aplicados:</span>
            {labels.map((l) => (
              <span key={l} className="rounded-full bg-white px-3 py-1 ring-1 ring-brand-100">
                {l}
              </span>
            ))}
          </div>
        ) : null}

        <p className="mt-6 text-sm text-slate-600" aria-live="polite">
          {total === 1 ? "1 imóvel encontrado" : `${total} imóveis encontrados`}
          {pageCount > 1 ? ` · página ${page} de ${pageCount}` : ""}
        </p>

        <div className="mt-4">
          {items.length > 0 ? (
            <PropertyGrid properties={items} eagerFirst />
          ) : (
            <EmptyState title="Nenhum imóvel encontrado">
              {filtered && anyRegistered ? (
                <p>
                  Nenhum imóvel corresponde aos filtros escolhidos.{" "}
                  <Link to="/imoveis" className="font-semibold text-brand-700 underline">
                    Limpar filtros
                  </Link>
                </p>
              ) : (
                <p>Ainda não há imóveis cadastrados. Volte em breve ou fale com a gente pelo WhatsApp.</p>
              )}
            </EmptyState>
          )}
        </div>
        <Pagination page={page} pageCount={pageCount} hrefFor={(p) => pageUrl(params, p)} />
      </div>
    </>
  );
}
