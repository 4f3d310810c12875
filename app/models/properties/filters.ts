import {
  ADVERTISED_FOR,
  ADVERTISED_FOR_LABELS,
  CATEGORIES,
  FILTER_TYPES,
  HOME_SEARCH_TYPES,
  NEIGHBORHOODS,
  PRICE_RANGES,
  type PriceRange,
  type PropertyCategory,
} from "./options";
import { clean } from "./search-values";

// The /imoveis filters, read from the URL
// (docs/decisions/0001-filters-and-precedence.md). Precedence (docs/product.md
// §Todos os Imóveis): a search text overrides everything; otherwise latest N
// overrides the rest; otherwise type, category, neighbourhood, price range and
// advertised_for combine. Unknown or "all" values are ignored rather than
// failing the page.
export type PropertyFilter =
  | { kind: "search"; text: string }
  | { kind: "latest"; count: number }
  | {
      kind: "filters";
      type?: string;
      category?: PropertyCategory;
      neighborhood?: string;
      priceRange?: PriceRange;
      advertisedFor?: string;
      // Minimums: "2" means two or more (portals' "2+").
      bedrooms?: number;
      parking?: number;
    };

// The order of the list. SOB CONSULTA (NULL price) goes last in both price
// orders (docs/decisions/0011-search-filters-and-sort.md).
export const SORTS = {
  recentes: "Mais recentes",
  "menor-preco": "Menor preço",
  "maior-preco": "Maior preço",
  "maior-area": "Maior área",
} as const;
export type Sort = keyof typeof SORTS;
export const DEFAULT_SORT: Sort = "recentes";

// The minimum counts the form offers (1+ to 4+).
export const MINIMUM_COUNTS = [1, 2, 3, 4] as const;

const KNOWN_TYPES = new Set<string>([...FILTER_TYPES, ...HOME_SEARCH_TYPES]);

export function parseFilter(params: URLSearchParams): PropertyFilter {
  const text = clean(params.get("search"), 200);
  if (text) return { kind: "search", text };

  const latest = clean(params.get("latest"));
  if (latest && /^\d{1,6}$/.test(latest) && Number(latest) > 0) {
    return { kind: "latest", count: Math.min(Number(latest), 100) };
  }

  const filter: PropertyFilter = { kind: "filters" };
  const type = clean(params.get("type"));
  if (type && KNOWN_TYPES.has(type)) filter.type = type;
  const category = clean(params.get("category"), 200);
  const known = CATEGORIES.find((c) => c.name === category);
  if (known) filter.category = known.name;
  const neighborhood = clean(params.get("neighborhood"));
  if (neighborhood && (NEIGHBORHOODS as readonly string[]).includes(neighborhood)) filter.neighborhood = neighborhood;
  const price = clean(params.get("priceRange"));
  // hasOwn, not `in`: "toString" is in every object.
  if (price && Object.hasOwn(PRICE_RANGES, price)) filter.priceRange = price as PriceRange;
  const adv = clean(params.get("advertised_for"));
  if (adv && (ADVERTISED_FOR as readonly string[]).includes(adv)) filter.advertisedFor = adv;
  const bedrooms = minimumCount(params.get("bedrooms"));
  if (bedrooms) filter.bedrooms = bedrooms;
  const parking = minimumCount(params.get("parking"));
  if (parking) filter.parking = parking;
  return filter;
}

// "1" to "4" (a trailing "+" tolerated, as people type "2+"); anything else is no filter.
function minimumCount(value: string | null) {
  const m = /^([1-4])\+?$/.exec((value ?? "").trim());
  return m ? Number(m[1]) : undefined;
}

export function parseSort(params: URLSearchParams): Sort {
  const raw = (params.get("sort") ?? "").trim();
  return Object.hasOwn(SORTS, raw) ? (raw as Sort) : DEFAULT_SORT;
}

export function parsePage(params: URLSearchParams) {
  const raw = params.get("page");
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export function isFiltered(filter: PropertyFilter) {
  if (filter.kind !== "filters") return true;
  return Boolean(
    filter.type ||
    filter.category ||
    filter.neighborhood ||
    filter.priceRange ||
    filter.advertisedFor ||
    filter.bedrooms ||
    filter.parking,
  );
}

// The URL parameter of each applied filter with its human label, in the
// order the banner shows them. Only what took effect is listed: under a
// search text, the other filters are not (decision 0001).
function appliedFilters(filter: PropertyFilter): { param: string; value: string; label: string }[] {
  if (filter.kind === "search") return [{ param: "search", value: filter.text, label: `Busca: "${filter.text}"` }];
  if (filter.kind === "latest")
    return [{ param: "latest", value: String(filter.count), label: `Últimos ${filter.count} imóveis cadastrados` }];
  const applied: { param: string; value: string; label: string }[] = [];
  if (filter.type) applied.push({ param: "type", value: filter.type, label: `Tipo: ${filter.type}` });
  if (filter.category)
    applied.push({ param: "category", value: filter.category, label: `Categoria: ${filter.category}` });
  if (filter.neighborhood)
    applied.push({ param: "neighborhood", value: filter.neighborhood, label: `Bairro: ${filter.neighborhood}` });
  if (filter.priceRange)
    applied.push({
      param: "priceRange",
      value: filter.priceRange,
      label: `Faixa de preço: ${PRICE_RANGES[filter.priceRange].label}`,
    });
  if (filter.advertisedFor)
    applied.push({
      param: "advertised_for",
      value: filter.advertisedFor,
      label: `Modalidade: ${ADVERTISED_FOR_LABELS[filter.advertisedFor]}`,
    });
  if (filter.bedrooms)
    applied.push({ param: "bedrooms", value: String(filter.bedrooms), label: `${filter.bedrooms}+ quartos` });
  if (filter.parking)
    applied.push({
      param: "parking",
      value: String(filter.parking),
      label: `${filter.parking}+ ${filter.parking === 1 ? "vaga" : "vagas"}`,
    });
  return applied;
}

// Human labels for the applied-filter banner.
export function describeFilter(filter: PropertyFilter): string[] {
  return appliedFilters(filter).map((a) => a.label);
}

function listUrl(params: URLSearchParams) {
  const qs = params.toString();
  return qs ? `/imoveis?${qs}` : "/imoveis";
}

// The applied filters as removable chips: each links to the same list
// without that one filter (and back to page 1). The URL is rebuilt from what
// took effect, so empty or ignored parameters do not travel along.
export function filterChips(filter: PropertyFilter, sort: Sort) {
  const applied = appliedFilters(filter);
  return applied.map((chip) => {
    const params = new URLSearchParams();
    for (const other of applied) if (other !== chip) params.set(other.param, other.value);
    if (sort !== DEFAULT_SORT) params.set("sort", sort);
    return { label: chip.label, href: listUrl(params) };
  });
}

// Keeps the current filters and changes only the page number.
export function pageUrl(params: URLSearchParams, page: number) {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  return listUrl(next);
}
