import { getDb } from "#app/db/db.server";
import { loadFeed } from "#app/models/feed/feed.server";
import { feedXml } from "#app/models/feed/vrsync";
import { absoluteUrl, getAgency } from "#app/utils/env.server";

// /feeds/vrsync.xml: the listings for Grupo ZAP / OLX (ZAP Imóveis, VivaReal,
// OLX), whose importers fetch it a few times a day. Public by nature (it is
// what the site shows); a portal or proxy may keep it 15 minutes. Absolute
// URLs come from APP_URL, never from the request's Host header.
export async function loader() {
  const agency = getAgency();
  const xml = feedXml(await loadFeed(getDb()), {
    contact: { name: agency.name, email: agency.email, phone: agency.phoneDisplay, website: absoluteUrl("/") },
    photoUrl: (key) => absoluteUrl(`/fotos/${key}.jpg`),
    pageUrl: (id) => absoluteUrl(`/imoveis/${id}`),
    now: new Date(),
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=900",
      // A feed for machines: not a page for search results.
      "X-Robots-Tag": "noindex",
    },
  });
}
