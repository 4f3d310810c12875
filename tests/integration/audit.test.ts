import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { resetAdminPassword, setAdminActive } from "#app/models/accounts/staff.server";
import { createUser, setPassword, updateProfile } from "#app/models/accounts/users.server";
import {
  AUDIT_COUNT_CAP,
  AUDIT_PAGE_SIZE,
  listAudit,
  recordAudit,
  type AuditActor,
} from "#app/models/audit/audit.server";
import { restoreDefaultBanners, toggleBanner, updateBanner } from "#app/models/banners/admin.server";
import type { BannerFormValues } from "#app/models/banners/banner.schema";
import { setRequestResponsible, setRequestStatus } from "#app/models/leads/admin/requests.server";
import { createIdealRequest } from "#app/models/leads/leads.server";
import {
  deletePropertyRow,
  insertProperty,
  toggleFeatured,
  updateProperty,
} from "#app/models/properties/admin/property-admin.server";
import type { PropertyInput } from "#app/models/properties/admin/property.schema";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The audit trail against a freshly migrated SQLite file: each staff write
// leaves one row in its own transaction, secrets never reach it, and the
// master's page filters and pages through it.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let ana: NonNullable<AuditActor>;
let bruno: NonNullable<AuditActor>;

const input = {
  name: "Casa do Lago",
  type: "Casa",
  status: "ready",
  category: "Imóveis Usados",
  location: "Rua A - Centro, Três Lagoas - MS",
  price: 350_000_00,
  area: 120,
  bedrooms: 3,
  suites: 1,
  bathrooms: 2,
  parking_spaces: 2,
  description: "Perto do lago.",
  featured: false,
  standard: "MEDIO PADRÃO",
  is_exclusive: false,
  advertised_for: "COMPRA",
} as PropertyInput;
const image = (key: string) => ({ file_key: key, widths: [480], width: 480, height: 320 });

async function auditRows() {
  return db.selectFrom("audit_log").selectAll().orderBy("id").execute();
}
async function lastAudit() {
  const row = await db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  return { ...row, changes: JSON.parse(row.changes) };
}
const countAudit = async () => (await auditRows()).length;

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("audit-it-"));
  const anaId = await createUser(
    db,
    { username: "ana", email: "ana@teste.com", name: "Ana Atendente", password: "senhaAna123", role: "admin" },
    null,
  );
  const brunoId = await createUser(
    db,
    { username: "bruno", email: "bruno@teste.com", name: "Bruno Master", password: "senhaBruno1", role: "master" },
    null,
  );
  ana = { id: anaId, name: "Ana Atendente" };
  bruno = { id: brunoId, name: "Bruno Master" };
});

afterAll(() => cleanup());

describe("property writes", () => {
  let id: number;
  let imageId: number;
  beforeEach(async () => {
    ({ id } = await insertProperty(db, { ...input, name: `Casa ${Math.random()}` }, [image(`k-${Math.random()}`)]));
    imageId = (
      await db.selectFrom("property_images").select("id").where("property_id", "=", id).executeTakeFirstOrThrow()
    ).id;
  });

  it("an insert without an actor is the system's", async () => {
    const row = await lastAudit();
    expect(row).toMatchObject({
      actor_id: null,
      actor_name: "Sistema",
      action: "create",
      entity: "property",
      entity_id: String(id),
    });
    expect(row.changes.price_cents).toEqual([null, 350_000_00]);
    expect(row.changes.images).toEqual([null, [imageId]]);
  });

  it("an update writes one row with who, what and the fields that changed", async () => {
    const before = await countAudit();
    await updateProperty(
      db,
      id,
      { ...input, name: "Casa Nova", price: cents(360_000_00) },
      { keptIds: [imageId], added: [image(`n-${id}`)] },
      ana,
    );
    expect(await countAudit()).toBe(before + 1);
    const row = await lastAudit();
    const added = (
      await db.selectFrom("property_images").select("id").where("file_key", "=", `n-${id}`).executeTakeFirstOrThrow()
    ).id;
    expect(row).toMatchObject({
      actor_id: ana.id,
      actor_name: "Ana Atendente",
      action: "update",
      entity: "property",
      entity_id: String(id),
    });
    expect(row.changes).toEqual({
      name: [expect.stringMatching(/^Casa /), "Casa Nova"],
      price_cents: [350_000_00, 360_000_00],
      images: [[imageId], [imageId, added]],
    });
    expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
  });

  it("a save that changes nothing leaves no row", async () => {
    const current = await db.selectFrom("properties").select("name").where("id", "=", id).executeTakeFirstOrThrow();
    const before = await countAudit();
    await updateProperty(db, id, { ...input, name: current.name }, { keptIds: [imageId], added: [] }, ana);
    expect(await countAudit()).toBe(before);
  });

  it("a failing write leaves no audit row, and a failing audit row undoes the write", async () => {
    const before = await countAudit();
    const name = (await db.selectFrom("properties").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;
    // The new image's key clashes with an existing one: the insert fails after the row was updated.
    const taken = (
      await db.selectFrom("property_images").select("file_key").where("id", "=", imageId).executeTakeFirstOrThrow()
    ).file_key;
    await expect(
      updateProperty(db, id, { ...input, name: "Nunca" }, { keptIds: [imageId], added: [image(taken)] }, ana),
    ).rejects.toThrow();
    expect(await countAudit()).toBe(before);

    // The audit insert itself fails: the property keeps its values.
    await sql`create temp trigger audit_down before insert on audit_log begin select raise(abort, 'audit down'); end`.execute(
      db,
    );
    try {
      await expect(
        updateProperty(db, id, { ...input, name: "Também nunca" }, { keptIds: [imageId], added: [] }, ana),
      ).rejects.toThrow("audit down");
      await expect(toggleFeatured(db, id, ana)).rejects.toThrow("audit down");
    } finally {
      await sql`drop trigger audit_down`.execute(db);
    }
    const after = await db
      .selectFrom("properties")
      .select(["name", "featured"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ name, featured: 0 });
    expect(await countAudit()).toBe(before);
  });

  it("toggling and deleting are recorded, the deletion with what was deleted", async () => {
    await toggleFeatured(db, id, bruno);
    expect(await lastAudit()).toMatchObject({
      actor_name: "Bruno Master",
      action: "update",
      changes: { featured: [0, 1] },
    });
    await deletePropertyRow(db, id, bruno);
    const row = await lastAudit();
    expect(row).toMatchObject({ action: "delete", entity: "property", entity_id: String(id) });
    expect(row.changes.location).toEqual([input.location, null]);
    expect(row.changes.images).toEqual([[imageId], null]);
  });
});

describe("banner, request and account writes", () => {
  it("records banner edits, toggles and the restore of what changed", async () => {
    const values = {
      title: "Novo título",
      subtitle: "",
      link: "/destaques",
      btn_text: "Ver",
      is_active: true,
      show_on_desktop: true,
      show_on_mobile: false,
    } as BannerFormValues;
    expect(await updateBanner(db, "banner-2", values, ana)).toBe(true);
    const edit = await lastAudit();
    expect(edit).toMatchObject({ actor_id: ana.id, entity: "banner", entity_id: "banner-2", action: "update" });
    expect(edit.changes.title[1]).toBe("Novo título");
    expect(edit.changes.show_on_mobile).toEqual([1, 0]);

    await toggleBanner(db, "banner-1", ana);
    expect(await lastAudit()).toMatchObject({ entity_id: "banner-1", changes: { is_active: [1, 0] } });

    const before = await countAudit();
    await restoreDefaultBanners(db, bruno);
    const restored = (await auditRows()).slice(before);
    expect(restored.map((r) => [r.entity_id, r.action, r.actor_name])).toEqual([
      ["banner-1", "restore", "Bruno Master"],
      ["banner-2", "restore", "Bruno Master"],
    ]);
  });

  it("records status and responsible changes of visitor requests, not the visitor's own post", async () => {
    const before = await countAudit();
    const id = await createIdealRequest(db, {
      name: "Visitante",
      email: "v@teste.com",
      phone: "(67) 99999-0000",
      idealProperty: "Casa",
    });
    expect(await countAudit()).toBe(before);
    await setRequestStatus(db, "ideal", id, "contacted", ana);
    expect(await lastAudit()).toMatchObject({
      entity: "ideal_request",
      entity_id: String(id),
      changes: { status: ["pending", "contacted"] },
    });
    await setRequestResponsible(db, "ideal", id, "Bruno Master", ana);
    expect((await lastAudit()).changes).toEqual({
      status: ["contacted", "resolved"],
      resolved_by: [null, "Bruno Master"],
    });
    expect(await setRequestStatus(db, "owner", 999_999, "contacted", ana)).toBe(false);
    expect(await countAudit()).toBe(before + 2);
  });

  it("never records a password, its hash or a token", async () => {
    const before = await countAudit();
    const id = await createUser(
      db,
      { username: "carla", email: "carla@teste.com", name: "Carla", password: "segredoCarla9", role: "admin" },
      bruno,
    );
    await setAdminActive(db, id, false, bruno);
    const reset = await resetAdminPassword(db, id, bruno);
    await setPassword(db, id, "outroSegredo7", { id, name: "Carla" });
    await updateProfile(db, id, { name: "Carla Souza", email: "carla@teste.com" }, { id, name: "Carla" });
    // Whatever a caller passes, secret fields are dropped.
    await db.transaction().execute((trx) =>
      recordAudit(trx, {
        actor: bruno,
        action: "update",
        entity: "staff_account",
        entityId: id,
        before: { password_hash: "hash-a", reset_token: "token-b", password: "senha-c", name: "x" },
        after: { password_hash: "hash-d", reset_token: "token-e", password: "senha-f", name: "y" },
      }),
    );
    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => [r.action, r.entity, r.actor_name])).toEqual([
      ["create", "staff_account", "Bruno Master"],
      ["update", "staff_account", "Bruno Master"],
      ["password_reset", "staff_account", "Bruno Master"],
      ["password_change", "staff_account", "Carla"],
      ["update", "staff_account", "Carla"],
      ["update", "staff_account", "Bruno Master"],
    ]);
    expect(JSON.parse(rows[0].changes)).toEqual({
      username: [null, "carla"],
      email: [null, "carla@teste.com"],
      name: [null, "Carla"],
      role: [null, "admin"],
      active: [null, 1],
    });
    expect(JSON.parse(rows[1].changes)).toEqual({ active: [1, 0] });
    expect(rows[2].changes).toBe("{}");
    expect(JSON.parse(rows[5].changes)).toEqual({ name: ["x", "y"] });
    const hash = (await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow())
      .password_hash;
    const all = await auditRows();
    const everything = JSON.stringify(all);
    for (const secret of [
      "segredoCarla9",
      "outroSegredo7",
      reset!.password,
      hash,
      "$argon2",
      "hash-",
      "token-",
      "senha-",
    ]) {
      expect(everything).not.toContain(secret);
    }
    const fields = all.flatMap((r) => Object.keys(JSON.parse(r.changes)));
    expect(fields.filter((f) => /password|token|hash/i.test(f))).toEqual([]);
  });
});

describe("the audit page's query", () => {
  let db2: Kysely<Database>;
  let cleanup2: () => Promise<void>;
  let carlos: number;
  let dora: number;

  beforeAll(async () => {
    ({ db: db2, cleanup: cleanup2 } = await tempDatabase("audit-list-it-"));
    carlos = await createUser(
      db2,
      { username: "carlos", email: "c@teste.com", name: "Carlos", password: "senha1234", role: "admin" },
      null,
    );
    dora = await createUser(
      db2,
      { username: "dora", email: "d@teste.com", name: "Dora", password: "senha1234", role: "master" },
      null,
    );
    await db2.deleteFrom("audit_log").execute();
    // 120 rows by Carlos on properties, one a minute from 2025-03-09 22:00 (Campo Grande, UTC-4),
    // then 3 rows by Dora on banners around the local midnight of 2025-03-10/11.
    const start = Date.parse("2025-03-10T02:00:00.000Z");
    const rows = Array.from({ length: 120 }, (_, i) => ({
      created_at: new Date(start + i * 60_000).toISOString(),
      actor_id: carlos,
      actor_name: "Carlos",
      action: "update",
      entity: "property",
      entity_id: String(i + 1),
      changes: JSON.stringify({ price: [i, i + 1] }),
    }));
    for (const at of ["2025-03-11T03:59:59.000Z", "2025-03-11T04:00:00.000Z", "2025-03-12T12:00:00.000Z"]) {
      rows.push({
        created_at: at,
        actor_id: dora,
        actor_name: "Dora",
        action: "update",
        entity: "banner",
        entity_id: "banner-1",
        changes: "{}",
      });
    }
    await db2.insertInto("audit_log").values(rows).execute();
  });

  afterAll(() => cleanup2());

  it("pages newest first, 50 a page, and shows the last page for a page past it", async () => {
    const first = await listAudit(db2, {}, 1);
    expect(first).toMatchObject({ total: 123, page: 1, pageCount: 3 });
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.rows[0].created_at).toBe("2025-03-12T12:00:00.000Z");
    expect(first.rows[3]).toMatchObject({ actor_name: "Carlos", entity_id: "120", changes: { price: [119, 120] } });
    const last = await listAudit(db2, {}, 3);
    expect(last.rows).toHaveLength(23);
    expect(last.rows.at(-1)?.entity_id).toBe("1");
    expect((await listAudit(db2, {}, 99)).page).toBe(3);
  });

  it("filters by person and entity", async () => {
    expect((await listAudit(db2, { actorId: dora }, 1)).total).toBe(3);
    expect((await listAudit(db2, { actorId: carlos, entity: "property" }, 1)).total).toBe(120);
    expect((await listAudit(db2, { actorId: carlos, entity: "banner" }, 1)).total).toBe(0);
    expect((await listAudit(db2, { entity: "banner" }, 1)).total).toBe(3);
  });

  it("filters by whole days in Campo Grande", async () => {
    // Local 2025-03-09: 22:00 to 23:59 -> the first 120 minutes fall on the 9th (all of them).
    expect((await listAudit(db2, { from: "2025-03-09", to: "2025-03-09" }, 1)).total).toBe(120);
    // The 10th (local) holds only Dora's 23:59:59; the 11th her midnight row.
    expect((await listAudit(db2, { from: "2025-03-10", to: "2025-03-10" }, 1)).rows.map((r) => r.created_at)).toEqual([
      "2025-03-11T03:59:59.000Z",
    ]);
    expect((await listAudit(db2, { from: "2025-03-11" }, 1)).total).toBe(2);
    expect((await listAudit(db2, { to: "2025-03-10" }, 1)).total).toBe(121);
  });

  it("counts a long log up to the cap, pages within it and says there is more", async () => {
    expect(await listAudit(db2, {}, 1)).toMatchObject({ total: 123, more: false });
    // Older rows, in one statement: the cap's worth and one more.
    const base = Date.parse("2024-01-01T12:00:00.000Z");
    const old = Array.from({ length: AUDIT_COUNT_CAP - 123 + 1 }, (_, i) => ({
      created_at: new Date(base + i * 1000).toISOString(),
      actor_id: carlos,
      actor_name: "Carlos",
      action: "update",
      entity: "client",
      entity_id: String(i + 1),
      changes: "{}",
    }));
    for (let i = 0; i < old.length; i += 2000)
      await db2
        .insertInto("audit_log")
        .values(old.slice(i, i + 2000))
        .execute();
    const capped = await listAudit(db2, {}, 10_000);
    expect(capped).toMatchObject({ total: AUDIT_COUNT_CAP, more: true, pageCount: AUDIT_COUNT_CAP / AUDIT_PAGE_SIZE });
    expect(capped.page).toBe(capped.pageCount);
    // A filter that stays under the cap is counted exactly.
    expect(await listAudit(db2, { entity: "property" }, 1)).toMatchObject({ total: 120, more: false });
    expect(await listAudit(db2, { entity: "client" }, 1)).toMatchObject({ total: old.length, more: false });
    await db2.deleteFrom("audit_log").where("entity", "=", "client").execute();
  });

  it("keeps the name of an account that was deleted", async () => {
    await db2.deleteFrom("users").where("id", "=", dora).execute();
    const { rows } = await listAudit(db2, { entity: "banner" }, 1);
    expect(rows.map((r) => [r.actor_id, r.actor_name])).toEqual([
      [null, "Dora"],
      [null, "Dora"],
      [null, "Dora"],
    ]);
  });
});
