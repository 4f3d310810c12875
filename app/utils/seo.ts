import type { MetaDescriptor } from "react-router";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export const SITE_NAME = "Lagoa Imóveis";

// Title, description, canonical URL and Open Graph tags for a page. The origin
// comes from the root loader (APP_URL) so links are absolute in previews.
export function seo(opts: {
  matches: MatchLike[];
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
}): MetaDescriptor[] {
  const root = opts.matches.find((m) => m?.id === "root")?.loaderData as { origin?: string; agency?: { name: string } } | undefined;
  const origin = root?.origin ?? "";
  const siteName = root?.agency?.name ?? SITE_NAME;
  const url = `${origin}${opts.path}`;
  const image = opts.image ? (opts.image.startsWith("http") ? opts.image : `${origin}${opts.image}`) : `${origin}/og-default.jpg`;
  const title = opts.title.includes(siteName) ? opts.title : `${opts.title} | ${siteName}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (opts.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
