// The fixed banner scheme (docs/decisions/0022-fixed-banners.md): exactly three
// banners, banner-1 to banner-3, seeded by migrations/0001_public_site.ts.
// These are the migration's values, repeated here because migrations are
// append-only and never imported by the app; "Restaurar padrões" writes them
// back. Client-safe.
export const BANNER_IDS = ["banner-1", "banner-2", "banner-3"] as const;
export type BannerId = (typeof BANNER_IDS)[number];

export const MAX_ACTIVE_BANNERS = 3;
export const DEFAULT_BTN_TEXT = "Ver detalhes";

export function isBannerId(id: unknown): id is BannerId {
  return typeof id === "string" && (BANNER_IDS as readonly string[]).includes(id);
}

type BannerDefaults = {
  id: BannerId;
  title: string;
  subtitle: string;
  link: string;
  btn_text: string;
  image_url: string;
  mobile_image_url: string;
  position: number;
};

export const DEFAULT_BANNERS: readonly BannerDefaults[] = [
  [
    "banner-1",
    "Três Lagoas vista do alto",
    "Empreendimentos nos bairros que mais crescem na cidade",
    "/empreendimentos",
    "Ver Imóveis",
  ],
  [
    "banner-2",
    "Viva perto do Rio Paraná",
    "Imóveis selecionados com a qualidade que você merece",
    "/destaques",
    "Ver Destaques",
  ],
  [
    "banner-3",
    "Lançamentos em Três Lagoas",
    "Garanta o seu na planta com condições especiais",
    "/lancamentos",
    "Ver Lançamentos",
  ],
].map(([id, title, subtitle, link, btn_text], i) => ({
  id: id as BannerId,
  title,
  subtitle,
  link,
  btn_text,
  image_url: `/banners/${id}.webp`,
  mobile_image_url: `/banners/${id}-mobile.webp`,
  position: i + 1,
}));

// A banner as the back office shows and edits it.
export type AdminBanner = {
  id: BannerId;
  title: string;
  subtitle: string;
  link: string;
  btnText: string;
  imageUrl: string;
  mobileImageUrl: string;
  isActive: boolean;
  showOnDesktop: boolean;
  showOnMobile: boolean;
  updatedAt: string;
};

// The product's refusals and messages (docs/product.md §Gestão de Banners).
export const BANNER_MESSAGES = {
  addRefused: "Não é possível adicionar novos banners. Use apenas os 3 banners fixos disponíveis.",
  deleteRefused: "Não é possível excluir banners. Use apenas ativar/desativar se necessário.",
  onlyFixed: "Apenas os 3 banners padrão podem ser editados.",
  limitTitle: "Limite atingido",
  limitText: "Máximo de 3 banners ativos permitidos.",
  limitHint: "Máximo de 3 banners ativos atingido",
} as const;
