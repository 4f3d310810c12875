import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { PublicBanner } from "./types";

// Active banners for the home slider, read on every request
// (docs/decisions/0022-fixed-banners.md: the database is the only source of
// truth). The device filter happens in CSS so the server needs no guess of the
// screen width.
export async function listActiveBanners(db: Kysely<Database>): Promise<PublicBanner[]> {
  const rows = await db
    .selectFrom("banners")
    .select([
      "id",
      "title",
      "subtitle",
      "image_url",
      "mobile_image_url",
      "link",
      "btn_text",
      "show_on_mobile",
      "show_on_desktop",
    ])
    .where("is_active", "=", 1)
    .where((eb) => eb.or([eb("show_on_mobile", "=", 1), eb("show_on_desktop", "=", 1)]))
    .orderBy("position")
    .execute();
  return rows
    .filter((r) => r.id.trim() && r.title.trim() && r.image_url.trim())
    .map((r) => ({
      id: r.id,
      title: r.title,
      subtitle: r.subtitle,
      imageUrl: r.image_url,
      mobileImageUrl: r.mobile_image_url || r.image_url,
      link: r.link,
      btnText: r.btn_text || "Ver detalhes",
      showOnMobile: r.show_on_mobile === 1,
      showOnDesktop: r.show_on_desktop === 1,
    }));
}
