import type { MetaDescriptor } from "react-router";
import { defaultAgency, type Agency } from "#app/config/agency";

type MatchLike = { id: string; loaderData?: unknown } | undefined;
type RootData = { origin?: string; agency?: Agency };

function rootData(matches: MatchLike[]) {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

// The agency as the root loader sent it (with the environment's overrides),
// for meta functions, which cannot call useAgency().
export function agencyFrom(matches: MatchLike[]): Agency {
  return rootData(matches)?.agency ?? defaultAgency;
}

// "<page> | <agency>": the title of a page that needs no other tag from seo().
export function pageTitle(matches: MatchLike[], title: string) {
  return `${title} | ${agencyFrom(matches).name}`;
}

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
  const origin = rootData(opts.matches)?.origin ?? "";
  const siteName = agencyFrom(opts.matches).name;
  const url = `${origin}${opts.path}`;
  const image = opts.image
    ? opts.image.startsWith("http")
      ? opts.image
      : `${origin}${opts.image}`
    : `${origin}/og-default.jpg`;
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
