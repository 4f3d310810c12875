import { getDb } from "#app/db/db.server";
import { listForSitemap } from "#app/models/properties/properties.server";
import { CATEGORIES } from "#app/models/properties/options";
import { absoluteUrl } from "#app/utils/env.server";

const STATIC_PATHS = [
  "/",
  "/imoveis",
  "/destaques",
  "/empreendimentos",
  "/anunciar-imovel",
  "/sobre-nos",
  "/contato",
  "/privacidade",
  "/simulador",
  ...CATEGORIES.map((c) => c.path),
];

function escapeXml(s: string) {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

// Every public page and every property, for search engines.
export async function loader() {
  const properties = await listForSitemap(getDb());
  const urls = [
    ...STATIC_PATHS.map((p) => `<url><loc>${escapeXml(absoluteUrl(p))}</loc></url>`),
    ...properties.map(
      (p) =>
        `<url><loc>${escapeXml(absoluteUrl(`/imoveis/${p.id}`))}</loc><lastmod>${p.updated_at.slice(0, 10)}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
