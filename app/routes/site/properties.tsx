import { Link } from "react-router";
import { EmptyState } from "#app/components/site/empty-state";
import { PageHeader } from "#app/components/site/page-header";
import { Pagination } from "#app/components/site/pagination";
import { PropertyGrid } from "#app/components/site/property-card";
import { FilterChips, PropertyFilters } from "#app/components/site/property-filters";
import { getDb } from "#app/db/db.server";
import { filterChips, isFiltered, pageUrl, parseFilter, parsePage, parseSort } from "#app/models/properties/filters";
import { countProperties, searchProperties } from "#app/models/properties/properties.server";
import { seo } from "#app/utils/seo";
import type { Route } from "./+types/properties";

export function meta({ matches, location }: Route.MetaArgs) {
  const params = new URLSearchParams(location.search);
  const page = parsePage(params);
  return seo({
    matches,
    title: page > 1 ? `Todos os Imóveis - página ${page}` : "Todos os Imóveis",
    description:
      "Casas, apartamentos, terrenos, salas e galpões à venda e para alugar em Três Lagoas - MS. Filtre por tipo, bairro, preço, quartos e vagas.",
    path: page > 1 ? `/imoveis?page=${page}` : "/imoveis",
    // Filtered variants are not separate pages for search engines.
    noindex: isFiltered(parseFilter(params)),
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const filter = parseFilter(params);
  const sort = parseSort(params);
  const page = parsePage(params);
  const db = getDb();
  const result = await searchProperties(db, filter, page, sort);
  const anyRegistered = result.total > 0 || (await countProperties(db)) > 0;
  return {
    ...result,
    filter,
    sort,
    chips: filterChips(filter, sort),
    filtered: isFiltered(filter),
    anyRegistered,
    query: params.toString(),
  };
}

export default function PropertiesPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filter, sort, chips, filtered, anyRegistered, query } = loaderData;
  const params = new URLSearchParams(query);
  return (
    <>
      <PageHeader
        title="Todos os Imóveis"
        subtitle="Encontre casas, apartamentos, terrenos e imóveis comerciais em Três Lagoas."
      />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <PropertyFilters filter={filter} sort={sort} chips={chips} />
        <FilterChips chips={chips} />

        <p className="mt-6 text-sm font-medium text-slate-700" aria-live="polite" data-testid="result-count">
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
