// Option lists of docs/product.md §Listas de opções, word for word.
// Client-safe.

// Badge colours live with the badge (components/site/property-status-badge.tsx).
export const PROPERTY_STATUSES = {
  ready: { label: "Pronto para morar" },
  launch: { label: "Lançamento" },
  construction: { label: "Em construção" },
  blueprint: { label: "Na planta" },
  commercial: { label: "Comercial" },
  land: { label: "Terreno disponível" },
  renovation: { label: "Em reforma" },
  future: { label: "Entrega futura" },
} as const;
export type PropertyStatus = keyof typeof PROPERTY_STATUSES;

export function statusLabel(status: string) {
  return (PROPERTY_STATUSES as Record<string, { label: string }>)[status]?.label ?? status;
}

type CategoryInfo = {
  name: string;
  slug: string;
  path: string;
  shortName: string;
  subtitle: string;
};

export const CATEGORIES = [
  {
    name: "Lançamentos de Empreendimentos Imobiliários",
    slug: "lancamentos",
    path: "/lancamentos",
    shortName: "Lançamentos",
    subtitle: "Empreendimentos recém-lançados em Três Lagoas, com condições de pré-lançamento.",
  },
  {
    name: "Em Obras",
    slug: "em-obras",
    path: "/em-obras",
    shortName: "Em Obras",
    subtitle: "Acompanhe a construção e garanta o seu antes da entrega.",
  },
  {
    name: "Imóveis Novos",
    slug: "imoveis-novos",
    path: "/imoveis-novos",
    shortName: "Imóveis Novos",
    subtitle: "Casas e apartamentos novos, prontos para você estrear.",
  },
  {
    name: "Lojas e Salas Comerciais",
    slug: "comerciais",
    path: "/comerciais",
    shortName: "Comerciais",
    subtitle: "Pontos comerciais, lojas, salas e galpões para o seu negócio.",
  },
  {
    name: "Imóveis Usados",
    slug: "imoveis-usados",
    path: "/imoveis-usados",
    shortName: "Imóveis Usados",
    subtitle: "Imóveis seminovos e usados, avaliados e com documentação conferida.",
  },
  {
    name: "Áreas e Terrenos",
    slug: "areas-terrenos",
    path: "/areas-terrenos",
    shortName: "Áreas e Terrenos",
    subtitle: "Lotes, áreas e terrenos para construir ou investir.",
  },
] as const satisfies readonly CategoryInfo[];
// A property's category is one of these names (properties.category).
export type PropertyCategory = (typeof CATEGORIES)[number]["name"];

export function categoryBySlug(slug: string) {
  return CATEGORIES.find((c) => c.slug === slug);
}

// /categoria/{category} accepts the slug or the full category name.
export function categoryByParam(param: string) {
  const decoded = param.trim();
  return CATEGORIES.find((c) => c.slug === decoded || c.name === decoded);
}

export const ADVERTISED_FOR = ["COMPRA", "LOCAÇÃO", "LANÇAMENTO"] as const;
export const ADVERTISED_FOR_LABELS: Record<string, string> = {
  COMPRA: "Compra",
  LOCAÇÃO: "Aluguel",
  LANÇAMENTO: "Lançamento",
};

export const STANDARDS = ["MINHA CASA MINHA VIDA", "MEDIO PADRÃO", "ALTO PADRÃO"] as const;

export const HOME_SEARCH_TYPES = ["Casa", "Apartamento", "Terreno", "Comercial"] as const;
export const FILTER_TYPES = ["Apartamento", "Casa", "Comercial", "Terreno", "Sala", "Galpão"] as const;
export const NEIGHBORHOODS = [
  "Centro",
  "Jardim Alvorada",
  "Santos Dumont",
  "Interlagos",
  "Portal das Águas",
  "Mais Parque",
] as const;

// The listed neighbourhood a location names ("Rua A, 1 - Centro, Três Lagoas"),
// as the /imoveis filter reads it; undefined when it names none of them.
export function neighborhoodOf(location: string) {
  const text = location.toLocaleLowerCase("pt-BR");
  return NEIGHBORHOODS.find((n) => text.includes(n.toLocaleLowerCase("pt-BR")));
}

// Bounds in centavos; min exclusive, max inclusive (ate-300k includes 300.000,00).
export const PRICE_RANGES = {
  "ate-300k": { label: "Até R$ 300 mil", min: null, max: 300_000_00 },
  "300k-600k": { label: "R$ 300 mil a R$ 600 mil", min: 300_000_00, max: 600_000_00 },
  "600k-1000k": { label: "R$ 600 mil a R$ 1 milhão", min: 600_000_00, max: 1_000_000_00 },
  "acima-1000k": { label: "Acima de R$ 1 milhão", min: 1_000_000_00, max: null },
} as const satisfies Record<string, { label: string; min: number | null; max: number | null }>;
export type PriceRange = keyof typeof PRICE_RANGES;
export const ANY_PRICE = "qualquer";

export const OWNER_PROPERTY_TYPES = {
  casa: "Casa",
  apartamento: "Apartamento",
  terreno: "Terreno",
  comercial: "Comercial",
  chacara: "Chácara",
  fazenda: "Fazenda",
} as const;

export const PAGE_SIZE = 12;
