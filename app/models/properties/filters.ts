import {
  ADVERTISED_FOR,
  ADVERTISED_FOR_LABELS,
  ANY_PRICE,
  CATEGORIES,
  FILTER_TYPES,
  HOME_SEARCH_TYPES,
  NEIGHBORHOODS,
  PRICE_RANGES,
  type PriceRange,
} from "./options";

// The /imoveis filters, read from the URL (DESIGN.md decision 6). Precedence of
// spec §4: a search text overrides everything; otherwise latest N overrides the
// rest; otherwise type, category, neighbourhood, price range and advertised_for
// combine. Unknown or "all" values are ignored rather than failing the page.
export type PropertyFilter =
  | { kind: "search"; text: string }
  | { kind: "latest"; count: number }
  | {
      kind: "filters";
      type?: string;
      category?: string;
      neighborhood?: string;
      priceRange?: PriceRange;
      advertisedFor?: string;
    };

const ALL_VALUES = new Set(["", "all", "todos", "todas", "qualquer", ANY_PRICE]);
const KNOWN_TYPES = new Set<string>([...FILTER_TYPES, ...HOME_SEARCH_TYPES]);

function clean(value: string | null, max = 100) {
  const v = (value ?? "").trim().slice(0, max);
  return ALL_VALUES.has(v.toLowerCase()) ? undefined : v;
}

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
  if (category && CATEGORIES.some((c) => c.name === category)) filter.category = category;
  const neighborhood = clean(params.get("neighborhood"));
  if (neighborhood && (NEIGHBORHOODS as readonly string[]).includes(neighborhood)) filter.neighborhood = neighborhood;
  const price = clean(params.get("priceRange"));
  if (price && price in PRICE_RANGES) filter.priceRange = price as PriceRange;
  const adv = clean(params.get("advertised_for"));
  if (adv && (ADVERTISED_FOR as readonly string[]).includes(adv)) filter.advertisedFor = adv;
  return filter;
}

export function parsePage(params: URLSearchParams) {
  const raw = params.get("page");
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export function isFiltered(filter: PropertyFilter) {
  if (filter.kind !== "filters") return true;
  return Boolean(filter.type || filter.category || filter.neighborhood || filter.priceRange || filter.advertisedFor);
}

// Human labels for the applied-filter banner.
export function describeFilter(filter: PropertyFilter): string[] {
  if (filter.kind === "search") return [`Busca: "${filter.text}"`];
  if (filter.kind === "latest") return [`Últimos ${filter.count} imóveis cadastrados`];
  const labels: string[] = [];
  if (filter.type) labels.push(`Tipo: ${filter.type}`);
  if (filter.category) labels.push(`Categoria: ${filter.category}`);
  if (filter.neighborhood) labels.push(`Bairro: ${filter.neighborhood}`);
  if (filter.priceRange) labels.push(`Faixa de preço: ${PRICE_RANGES[filter.priceRange].label}`);
  if (filter.advertisedFor) labels.push(`Modalidade: ${ADVERTISED_FOR_LABELS[filter.advertisedFor]}`);
  return labels;
}

// The URL for the home search box: "all" choices are left out (spec §5).
export function homeSearchUrl(values: { type?: string; neighborhood?: string; priceRange?: string }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const v = clean(value ?? null);
    if (v) params.set(key, v);
  }
  const qs = params.toString();
  return qs ? `/imoveis?${qs}` : "/imoveis";
}

// Keeps the current filters and changes only the page number.
export function pageUrl(params: URLSearchParams, page: number) {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const qs = next.toString();
  return qs ? `/imoveis?${qs}` : "/imoveis";
}
