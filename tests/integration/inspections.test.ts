import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createClient } from "#app/models/clients/clients.server";
import { findInspectionPhotoFile, findInspectionReportFile, findMeterPhotoFile } from "#app/models/files/access.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { sendQueuedEmails } from "#app/models/email/outbox.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import {
  addItem,
  addRoom,
  createInspection,
  getInspection,
  moveRoom,
  updateItem,
} from "#app/models/inspections/inspections.server";
import { setMeterPhoto, updateMeters } from "#app/models/inspections/meters.server";
import { clientInspectionTab } from "#app/models/inspections/client-view.server";
import { compareWithEntry, setRepairCost } from "#app/models/inspections/comparison.server";
import { createCorrection } from "#app/models/inspections/corrections.server";
import { answerContest, contestItem, contestsOf } from "#app/models/inspections/contests.server";
import { DEFAULT_ITEMS } from "#app/models/inspections/labels";
import { addItemPhotos, MAX_ITEM_PHOTOS } from "#app/models/inspections/photos.server";
import { PHOTO_MESSAGES, readPhotosForm } from "#app/routes/admin/inspections/photos-upload.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// Inspections (issue 23) on a fresh database: rooms with the usual items,
// photos (an item's, a meter's) stored as WebP without EXIF (the time taken kept), finalizing
// refused until every item is rated, then locked with its PDF report, seen
// only by its own tenant, and emailed to them once.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-inspections-"));
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "it-inspections-outbox-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("OUTBOX_DIR", outbox);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Vera Vistoriadora" };
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-24" };
let tenant: number;
let other: number;

async function newClient(name: string) {
  const created = await createClient(
    db,
    { name, email: `${name}@teste.com`, username: name, password: "senha1234", payment_due_day: 5 },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

// A phone photo: EXIF with the time taken and a GPS position.
const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#8a6" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phone" },
      IFD2: { DateTimeOriginal: "2026:11:20 09:41:00" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "20/1 47/1 0/1" },
    })
    .toBuffer();

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-inspections-"));
  actor.id = await createUser(
    db,
    { username: "vera", email: "vera@agencia.com", name: actor.name, password: "senha1234", role: "admin" },
    null,
  );
  tenant = await newClient("inquilina");
  other = await newClient("outra");
});
afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe("an entry inspection", () => {
  let id: number;
  let sala: number;
  let item: number;

  it("starts each room with the usual items, in the order staff set", async () => {
    id = (await createInspection(db, { client_id: tenant, kind: "entrada", date: "2026-11-24" }, actor))!;
    const added = await addRoom(db, id, "Sala", actor);
    expect(added.outcome).toBe("ok");
    sala = added.outcome === "ok" ? added.roomId : 0;
    await addRoom(db, id, "Cozinha", actor);
    expect(await moveRoom(db, sala, "down")).toBe("ok");
    const detail = await getInspection(db, id);
    expect(detail!.rooms.map((r) => r.name)).toEqual(["Cozinha", "Sala"]);
    expect(detail!.rooms[1].items.map((i) => i.name)).toEqual([...DEFAULT_ITEMS]);
    item = detail!.rooms[1].items[0].id;
  });

  it("keeps a photo as WebP without its EXIF, with the time the camera recorded", async () => {
    expect(await addItemPhotos(db, item, [await photo()], actor)).toBe("ok");
    const row = await db
      .selectFrom("inspection_photos")
      .selectAll()
      .where("item_id", "=", item)
      .executeTakeFirstOrThrow();
    expect(row.taken_at).toBe("2026-11-20 09:41");
    const meta = await sharp(fs.readFileSync(privateFilePath(row.file_key))).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    const eleven = await Promise.all(Array.from({ length: MAX_ITEM_PHOTOS }, photo));
    expect(await addItemPhotos(db, item, eleven, actor)).toBe("too-many");
    expect(await db.selectFrom("inspection_photos").select("id").where("item_id", "=", item).execute()).toHaveLength(1);
  });

  it("keeps one photo of each meter, WebP without EXIF, the old file gone when one is sent again", async () => {
    const meterRows = () => db.selectFrom("inspection_meter_photos").selectAll().where("inspection_id", "=", id);
    expect(await setMeterPhoto(db, id, "agua", await photo(), actor)).toBe("ok");
    const first = await meterRows().executeTakeFirstOrThrow();
    expect(first).toMatchObject({ meter: "agua", taken_at: "2026-11-20 09:41" });
    const meta = await sharp(fs.readFileSync(privateFilePath(first.file_key))).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(await setMeterPhoto(db, id, "agua", await photo(), actor)).toBe("ok");
    expect(await setMeterPhoto(db, id, "energia", await photo(), actor)).toBe("ok");
    const rows = await meterRows().orderBy("meter").execute();
    expect(rows.map((r) => r.meter)).toEqual(["agua", "energia"]);
    expect(rows[0].file_key).not.toBe(first.file_key);
    expect(fs.existsSync(privateFilePath(first.file_key))).toBe(false);
    expect(fs.existsSync(privateFilePath(rows[0].file_key))).toBe(true);
    // A photo that cannot be decoded leaves the one kept as it was.
    const cut = (await photo()).subarray(0, 400);
    expect(await setMeterPhoto(db, id, "agua", cut, actor)).toBe("unreadable");
    expect((await meterRows().where("meter", "=", "agua").executeTakeFirstOrThrow()).file_key).toBe(rows[0].file_key);
    const meterIds = (await getInspection(db, id))!.meterPhotos.map((p) => p.id).sort();
    expect(meterIds).toEqual(rows.map((r) => r.id).sort());
    // A draft's meter photos are staff's only.
    expect(await findMeterPhotoFile(db, rows[0].id, { kind: "client", clientId: tenant })).toBeNull();
    expect(await findMeterPhotoFile(db, rows[0].id, { kind: "staff" })).not.toBeNull();
  });

  it("is finalized only with every item rated; then it is locked, with its report", async () => {
    expect(await finalizeInspection(db, id, actor, issuer)).toBe("unrated");
    const detail = await getInspection(db, id);
    for (const i of detail!.rooms.flatMap((r) => r.items))
      await updateItem(
        db,
        i.id,
        { name: i.name, condition: "bom", note: i.id === item ? "Pintura nova." : undefined },
        actor,
      );
    await updateMeters(db, id, { keys_count: 3, water_reading: "01234", power_reading: "56789" }, actor);
    expect(await finalizeInspection(db, id, actor, issuer)).toBe("ok");
    const row = await db.selectFrom("inspections").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.finalized_at).not.toBeNull();
    expect(fs.readFileSync(privateFilePath(row.report_key!)).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await updateItem(db, item, { name: "Paredes", condition: "ruim" }, actor)).toBe("locked");
    expect((await addItem(db, sala, { name: "Lustre" }, actor)).outcome).toBe("locked");
    expect(await addItemPhotos(db, item, [await photo()], actor)).toBe("locked");
    const files = fs.readdirSync(path.join(uploads, "private")).length;
    expect(await setMeterPhoto(db, id, "energia", await photo(), actor)).toBe("locked");
    expect(fs.readdirSync(path.join(uploads, "private"))).toHaveLength(files);
    expect(await finalizeInspection(db, id, actor, issuer)).toBe("locked");
  });

  it("shows its photos and report to its own tenant only", async () => {
    const photoId = (await db.selectFrom("inspection_photos").select("id").executeTakeFirstOrThrow()).id;
    expect(await findInspectionPhotoFile(db, photoId, { kind: "client", clientId: tenant })).not.toBeNull();
    expect(await findInspectionPhotoFile(db, photoId, { kind: "client", clientId: other })).toBeNull();
    expect(await findInspectionReportFile(db, id, { kind: "client", clientId: other })).toBeNull();
    const meters = (await getInspection(db, id))!.meterPhotos;
    expect(meters).toHaveLength(2);
    for (const m of meters) {
      expect(await findMeterPhotoFile(db, m.id, { kind: "client", clientId: tenant })).not.toBeNull();
      expect(await findMeterPhotoFile(db, m.id, { kind: "client", clientId: other })).toBeNull();
    }
    const tab = await clientInspectionTab(db, tenant, "2026-11-24", 7);
    expect(
      tab
        .find((v) => v.id === id)!
        .meterPhotos.map((p) => p.meter)
        .sort(),
    ).toEqual(["agua", "energia"]);
    expect(await getInspection(db, id, other)).toBeNull();
    expect(await getInspection(db, id, tenant)).not.toBeNull();
  });

  it("takes the tenant's contest within the window only, from that tenant only, and staff answer it", async () => {
    // Finalized at noon on 24/11/2026 in Três Lagoas: the window runs to 01/12.
    await db
      .updateTable("inspections")
      .set({ finalized_at: "2026-11-24T16:00:00.000Z" })
      .where("id", "=", id)
      .execute();
    const window = { today: "2026-11-24", days: 7 };
    const input = { note: "A parede já tinha uma mancha.", images: [await photo()] };
    expect(await contestItem(db, other, item, input, window)).toBe("missing");
    expect(await contestItem(db, tenant, item, input, { ...window, today: "2026-12-02" })).toBe("closed");
    expect(await contestItem(db, tenant, item, input, { ...window, today: "2026-12-01" })).toBe("ok");
    const [contest] = await contestsOf(db, id);
    expect(contest).toMatchObject({ item_id: item, note: "A parede já tinha uma mancha.", answer: null });
    expect(contest.photos).toHaveLength(1);
    expect(await answerContest(db, contest.id, "Conferimos: a mancha entra no relatório.", "regular", actor)).toBe(
      true,
    );
    expect((await contestsOf(db, id))[0]).toMatchObject({
      answer: "Conferimos: a mancha entra no relatório.",
      answered_by_name: actor.name,
      outcome_condition: "regular",
    });
    // Answered once: a second answer changes nothing.
    expect(await answerContest(db, contest.id, "Outra resposta.", null, actor)).toBe(false);
    expect((await contestsOf(db, id))[0]).toMatchObject({ outcome_condition: "regular" });
  });

  it("is corrected by a new linked version, copied whole with its photos, the locked one unchanged", async () => {
    const made = await createCorrection(db, id, actor);
    expect(made.outcome).toBe("ok");
    const copy = await getInspection(db, made.outcome === "ok" ? made.id : 0);
    const original = await getInspection(db, id);
    expect(copy).toMatchObject({ replaces_id: id, finalized_at: null, keys_count: 3, water_reading: "01234" });
    const shape = (v: typeof copy) =>
      v!.rooms.map((r) => [r.name, r.items.map((i) => [i.name, i.condition, i.note, i.photos.length])]);
    expect(shape(copy)).toEqual(shape(original));
    const keys = await db.selectFrom("inspection_photos").select("file_key").execute();
    expect(new Set(keys.map((k) => k.file_key)).size).toBe(keys.length);
    // The meters' photos too, as new files: each inspection keeps its own.
    const meterFiles = await db
      .selectFrom("inspection_meter_photos")
      .select(["inspection_id", "meter", "file_key", "taken_at"])
      .orderBy("inspection_id")
      .orderBy("meter")
      .execute();
    expect(meterFiles.map((m) => [m.inspection_id, m.meter, m.taken_at])).toEqual([
      [id, "agua", "2026-11-20 09:41"],
      [id, "energia", "2026-11-20 09:41"],
      [copy!.id, "agua", "2026-11-20 09:41"],
      [copy!.id, "energia", "2026-11-20 09:41"],
    ]);
    expect(new Set(meterFiles.map((m) => m.file_key)).size).toBe(4);
    for (const m of meterFiles) expect(fs.existsSync(privateFilePath(m.file_key))).toBe(true);
    expect(await updateItem(db, copy!.rooms[1].items[0].id, { name: "Paredes", condition: "regular" }, actor)).toBe(
      "ok",
    );
    expect((await getInspection(db, id))!.rooms[1].items[0].condition).toBe("bom");
  });

  it("emails the tenant the report once", async () => {
    expect(await sendQueuedEmails(db, { kinds: ["inspection_report"] })).toEqual({ sent: 1, failed: 0 });
    expect(await sendQueuedEmails(db, { kinds: ["inspection_report"] })).toEqual({ sent: 0, failed: 0 });
    // The tenant's mail; the agency's "Aviso à equipe" of the contest goes to its own address.
    const mails = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), "utf8"))
      .filter((m) => m.includes("inquilina@teste.com"));
    expect(mails).toHaveLength(1);
    const alerts = await db
      .selectFrom("email_outbox")
      .select(["to_address", "subject"])
      .where("kind", "=", "staff_alert")
      .execute();
    expect(alerts).toEqual([expect.objectContaining({ subject: expect.stringMatching(/^Contestação de vistoria: /) })]);
    expect(mails[0]).toContain("JVBERi0");
  });
});

describe("a finalized correction", () => {
  it("replaces the entry for the tenant: marked, and no longer contested", async () => {
    const original = (
      await db
        .selectFrom("inspections")
        .select("id")
        .where("kind", "=", "entrada")
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    const correction = (
      await db.selectFrom("inspections").select("id").where("replaces_id", "=", original).executeTakeFirstOrThrow()
    ).id;
    expect(await finalizeInspection(db, correction, actor, issuer)).toBe("ok");
    const tab = await clientInspectionTab(db, tenant, "2026-11-24", 7);
    expect(tab.find((v) => v.id === original)).toMatchObject({ replacedBy: correction, contestOpen: false });
    expect(tab.find((v) => v.id === correction)).toMatchObject({ replacedBy: null });
    const item = (await getInspection(db, original))!.rooms[0].items[0].id;
    expect(
      await contestItem(db, tenant, item, { note: "Tarde demais.", images: [] }, { today: "2026-11-24", days: 7 }),
    ).toBe("closed");
  });
});

describe("the exit inspection", () => {
  it("starts from the entry's rooms and lists each worsened item with a repair cost and the total", async () => {
    const exitId = (await createInspection(db, { client_id: tenant, kind: "saida", date: "2027-11-24" }, actor))!;
    const exit = await getInspection(db, exitId);
    expect(exit!.rooms.map((r) => r.name)).toEqual(["Cozinha", "Sala"]);
    expect(exit!.rooms[1].items.every((i) => i.condition === null && i.entry_item_id !== null)).toBe(true);
    const [paredes, piso] = exit!.rooms[1].items;
    await updateItem(db, paredes.id, { name: "Paredes", condition: "danificado", note: "Furos." }, actor);
    await updateItem(db, piso.id, { name: "Piso", condition: "bom" }, actor); // as it was
    const compared = await compareWithEntry(db, exitId);
    expect(
      compared!.rooms.map((r) => [
        r.name,
        r.differences.map((d) => [d.exit.name, d.entry.condition, d.exit.condition]),
      ]),
      // Compared with the corrected entry, where Paredes became Regular.
    ).toEqual([["Sala", [["Paredes", "regular", "danificado"]]]]);
    expect(compared!.rooms[0].differences[0].entry.photos).toHaveLength(1);
    expect(await setRepairCost(db, exitId, piso.id, cents(1000), actor)).toBe(false);
    expect(await setRepairCost(db, exitId, paredes.id, cents(35000), actor)).toBe(true);
    expect((await compareWithEntry(db, exitId))!.totalCents).toBe(35000);
  });
});

describe("a draft inspection", () => {
  it("hides its photos from the tenant until it is finalized", async () => {
    const id = (await createInspection(db, { client_id: tenant, kind: "saida", date: "2026-11-24" }, actor))!;
    const room = await addRoom(db, id, "Quarto", actor);
    const detail = await getInspection(db, id);
    const itemId = detail!.rooms[0].items[0].id;
    expect(room.outcome).toBe("ok");
    await addItemPhotos(db, itemId, [await photo()], actor);
    const p = await db
      .selectFrom("inspection_photos")
      .select("id")
      .where("item_id", "=", itemId)
      .executeTakeFirstOrThrow();
    expect(await findInspectionPhotoFile(db, p.id, { kind: "client", clientId: tenant })).toBeNull();
    expect(await findInspectionPhotoFile(db, p.id, { kind: "staff" })).not.toBeNull();
  });
});

// An iPhone-like HEIC (tests/fixtures/photos/README.md): 320x240 pixels turned
// 90° clockwise by the container (a red mark at the top left before, at the
// top right after), EXIF with DateTimeOriginal, a GPS position and an
// Orientation the container's rotation already covers.
const heic = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/photos/photo-taken-2026-11-24.heic"));

const photosForm = (name: string, type: string, bytes: Buffer) => {
  const form = new FormData();
  form.append("item_id", "1");
  form.append("photos", new File([new Uint8Array(bytes)], name, { type }));
  return new Request("http://localhost/admin/vistorias/1/comodos/1", { method: "POST", body: form });
};

it("a meter's form takes one photo: two are refused before anything is stored", async () => {
  const form = new FormData();
  form.append("meter", "agua");
  for (const name of ["a.jpg", "b.jpg"])
    form.append("photos", new File([new Uint8Array(await photo())], name, { type: "image/jpeg" }));
  const request = new Request("http://localhost/admin/vistorias/1", { method: "POST", body: form });
  expect(await readPhotosForm(request, { maxFiles: 1, tooMany: PHOTO_MESSAGES.oneMeter })).toEqual({
    ok: false,
    error: PHOTO_MESSAGES.oneMeter,
  });
});

describe("an iPhone photo (HEIC)", () => {
  let itemId: number;
  beforeAll(async () => {
    const id = (await createInspection(db, { client_id: other, kind: "entrada", date: "2026-11-24" }, actor))!;
    await addRoom(db, id, "Banheiro", actor);
    itemId = (await getInspection(db, id))!.rooms[0].items[0].id;
  });
  const filesOnDisk = () => fs.readdirSync(uploads, { recursive: true }).filter((f) => String(f).endsWith(".webp"));

  it("is taken by content, stored upright as WebP without EXIF, with the time the camera recorded", async () => {
    const body = await readPhotosForm(photosForm("IMG_0001.HEIC", "image/heic", heic));
    expect(body.ok).toBe(true);
    expect(await addItemPhotos(db, itemId, body.ok ? body.images : [], actor)).toBe("ok");
    const row = await db
      .selectFrom("inspection_photos")
      .selectAll()
      .where("item_id", "=", itemId)
      .executeTakeFirstOrThrow();
    expect(row.taken_at).toBe("2026-11-24 09:41");
    expect([row.width, row.height]).toEqual([240, 320]);
    const stored = sharp(fs.readFileSync(privateFilePath(row.file_key)));
    const meta = await stored.metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const { data, info } = await stored.raw().toBuffer({ resolveWithObject: true });
    const [r, g] = data.subarray((40 * info.width + 200) * info.channels);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
  });

  it("is refused when it only claims to be one, and when it is cut short; nothing is stored", async () => {
    const fake = await readPhotosForm(photosForm("IMG_0002.HEIC", "image/heic", Buffer.from("not a photo at all")));
    expect(fake).toEqual({ ok: false, error: PHOTO_MESSAGES.invalid });
    // A truncated HEIC passes the check by its first bytes, and is refused when decoded.
    const before = filesOnDisk().length;
    const cut = heic.subarray(0, Math.floor(heic.length * 0.8));
    const body = await readPhotosForm(photosForm("IMG_0003.HEIC", "image/heic", cut));
    expect(body.ok).toBe(true);
    expect(await addItemPhotos(db, itemId, body.ok ? body.images : [], actor)).toBe("unreadable");
    expect(await db.selectFrom("inspection_photos").select("id").where("item_id", "=", itemId).execute()).toHaveLength(
      1,
    );
    expect(filesOnDisk()).toHaveLength(before);
  });
});
