import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import type { BannerFormValues } from "./banner.schema";
import { removeFiles, removeUploadedBannerImages, type StoredBannerImages } from "./banner-images.server";
import { DEFAULT_BANNERS, MAX_ACTIVE_BANNERS, type AdminBanner, type BannerId } from "./defaults";

// Back-office banner management (docs/decisions/0022-fixed-banners.md): the
// table is the only source of truth, the three fixed rows are edited in place,
// never added or deleted. The home page reads them on every request, so a
// change shows at once.

const columns = [
  "id",
  "title",
  "subtitle",
  "link",
  "btn_text",
  "image_url",
  "mobile_image_url",
  "is_active",
  "show_on_desktop",
  "show_on_mobile",
  "updated_at",
] as const;

// The columns the back office edits: what a banner's audit row compares.
const EDITABLE = [
  "title",
  "subtitle",
  "link",
  "btn_text",
  "image_url",
  "mobile_image_url",
  "is_active",
  "show_on_desktop",
  "show_on_mobile",
] as const;

type Row = Pick<Database["banners"], (typeof columns)[number]>;

function toAdminBanner(r: Row): AdminBanner {
  return {
    id: r.id as BannerId,
    title: r.title,
    subtitle: r.subtitle,
    link: r.link,
    btnText: r.btn_text,
    imageUrl: r.image_url,
    mobileImageUrl: r.mobile_image_url || r.image_url,
    isActive: r.is_active === 1,
    showOnDesktop: r.show_on_desktop === 1,
    showOnMobile: r.show_on_mobile === 1,
    updatedAt: r.updated_at,
  };
}

export async function listAdminBanners(db: Kysely<Database>): Promise<AdminBanner[]> {
  const rows = await db.selectFrom("banners").select(columns).orderBy("position").orderBy("created_at").execute();
  return rows.map(toAdminBanner);
}

export async function getAdminBanner(db: Kysely<Database>, id: BannerId): Promise<AdminBanner | undefined> {
  const row = await db.selectFrom("banners").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toAdminBanner(row) : undefined;
}

export type ToggleResult =
  { status: "activated" | "deactivated"; title: string } | { status: "limit" } | { status: "not-found" };

// Flips the active flag; activating is refused past MAX_ACTIVE_BANNERS (moot
// with three banners, kept as the spec's rule in case the scheme grows).
export async function toggleBanner(db: Kysely<Database>, id: BannerId, actor: AuditActor): Promise<ToggleResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("banners").select(["title", "is_active"]).where("id", "=", id).executeTakeFirst();
    if (!row) return { status: "not-found" } as const;
    const activate = row.is_active !== 1;
    if (activate) {
      const { n } = await trx
        .selectFrom("banners")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("is_active", "=", 1)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_ACTIVE_BANNERS) return { status: "limit" } as const;
    }
    await trx
      .updateTable("banners")
      .set({ is_active: activate ? 1 : 0, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "banner",
      entityId: id,
      before: { is_active: row.is_active },
      after: { is_active: activate ? 1 : 0 },
    });
    return { status: activate ? "activated" : "deactivated", title: row.title } as const;
  });
}

// Writes the form's values and, when given, the new image URLs. Returns false
// when the row is gone. The replaced uploads are deleted after the commit;
// the new files are deleted when the row is not written.
export async function updateBanner(
  db: Kysely<Database>,
  id: BannerId,
  values: BannerFormValues,
  actor: AuditActor,
  images: StoredBannerImages = { files: [] },
): Promise<boolean> {
  let replaced: string[] = [];
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("banners").select(EDITABLE).where("id", "=", id).executeTakeFirst();
      if (!old) return false;
      const image_url = images.imageUrl ?? old.image_url;
      const mobile_image_url = images.mobileImageUrl ?? old.mobile_image_url;
      const next = {
        title: values.title,
        subtitle: values.subtitle,
        link: values.link,
        btn_text: values.btn_text,
        is_active: values.is_active ? 1 : 0,
        show_on_desktop: values.show_on_desktop ? 1 : 0,
        show_on_mobile: values.show_on_mobile ? 1 : 0,
        image_url,
        mobile_image_url,
      };
      await trx
        .updateTable("banners")
        .set({ ...next, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      await recordAudit(trx, { actor, action: "update", entity: "banner", entityId: id, before: old, after: next });
      replaced = [old.image_url, old.mobile_image_url].filter((u) => u !== image_url && u !== mobile_image_url);
      return true;
    });
    if (!updated) {
      await removeFiles(images.files);
      return false;
    }
  } catch (error) {
    await removeFiles(images.files);
    throw error;
  }
  await removeUploadedBannerImages(replaced);
  return true;
}

// "Restaurar padrões": the three rows get the migration's values back (a
// missing one is recreated, any row outside the fixed scheme removed), then
// the uploaded replacement images are deleted. Each banner that changed gets
// its own audit row.
export async function restoreDefaultBanners(db: Kysely<Database>, actor: AuditActor) {
  const now = new Date().toISOString();
  const previous = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("banners")
      .select(["id", ...EDITABLE, "position"])
      .execute();
    const defaultIds: string[] = DEFAULT_BANNERS.map((b) => b.id);
    for (const { id, ...row } of rows.filter((r) => !defaultIds.includes(r.id))) {
      await recordAudit(trx, { actor, action: "delete", entity: "banner", entityId: id, before: row });
    }
    await trx.deleteFrom("banners").where("id", "not in", defaultIds).execute();
    for (const d of DEFAULT_BANNERS) {
      const values = {
        title: d.title,
        subtitle: d.subtitle,
        link: d.link,
        btn_text: d.btn_text,
        image_url: d.image_url,
        mobile_image_url: d.mobile_image_url,
        is_active: 1,
        show_on_desktop: 1,
        show_on_mobile: 1,
        position: d.position,
        updated_at: now,
      };
      await trx
        .insertInto("banners")
        .values({ id: d.id, ...values, created_at: now })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
      // A banner already at its defaults changed nothing and gets no row.
      const { updated_at: _at, ...after } = values;
      const { id: _id, ...before } = rows.find((r) => r.id === d.id) ?? { id: d.id };
      await recordAudit(trx, { actor, action: "restore", entity: "banner", entityId: d.id, before, after });
    }
    return rows.flatMap((r) => [r.image_url, r.mobile_image_url]);
  });
  await removeUploadedBannerImages(previous);
}
