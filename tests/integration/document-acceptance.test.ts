import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { documentOf } from "#app/models/documents/registry.server";
import { lookupDocument, matchVersion } from "#app/models/documents/verification.server";
import { findInspectionReportFile } from "#app/models/files/access.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { contestItem } from "#app/models/inspections/contests.server";
import { createCorrection } from "#app/models/inspections/corrections.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { addRoom, createInspection, getInspection, updateItem } from "#app/models/inspections/inspections.server";
import { localToday } from "#app/models/shared/days";
import { action, loader } from "#app/routes/client/document-acceptance";
import { privateFolders, staffActor } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { tenantWithLogin } from "#tests/fixtures/client-login";

// Electronic acceptance (issue 38, docs/decisions/0080-document-acceptance.md)
// through the client area's own route: the tenant's "Aceito" on a finalized
// entry inspection's report records who, when, from where and the hash of the
// file as issued, and keeps a new version with a "Registro de aceite" page,
// which the report's file route serves from then on and /verificar confirms.
// Once per document; never another lease's. Tacit acceptance and a Termo
// Aditivo: document-acceptance-tacit.test.ts.

const folders = privateFolders("it-document-acceptance");
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let actor: { id: number; name: string };
const IP = "203.0.113.7";
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const read = (key: string) => new Uint8Array(fs.readFileSync(privateFilePath(key)));
const privateFiles = () => fs.readdirSync(path.join(folders.uploads, "private")).length;

type Tenant = Awaited<ReturnType<typeof tenant>>;
let seq = 0;
// A tenant with a login, and the context the client area's guard builds.
async function tenant() {
  seq += 1;
  return tenantWithLogin(db, { name: `Paula Aceita ${seq}`, username: `aceite${seq}` }, { cpf_cnpj: "52998224725" });
}

// A finalized entry inspection of the tenant's, every item "bom": its report and registered document.
async function finalizedEntry(clientId: number) {
  const id = (await createInspection(db, { client_id: clientId, kind: "entrada", date: "2026-11-24" }, actor))!;
  expect((await addRoom(db, id, "Sala", actor)).outcome).toBe("ok");
  const items = (await getInspection(db, id))!.rooms.flatMap((r) => r.items);
  for (const item of items) await updateItem(db, item.id, { name: item.name, condition: "bom" }, actor);
  expect(
    await finalizeInspection(db, id, actor, { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-24" }),
  ).toBe("ok");
  const { report_key } = await db
    .selectFrom("inspections")
    .select("report_key")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const doc = (await documentOf(db, "inspection_report", id))!;
  return { id, item: items[0]!.id, reportKey: report_key!, doc };
}

const routeArgs = (who: Tenant, docId: number | string, init?: RequestInit) =>
  ({
    request: new Request(`http://localhost/client-area/documentos/${docId}`, init),
    context: who.context,
    params: { id: String(docId) },
  }) as unknown as Parameters<typeof action>[0];

async function accept(who: Tenant, docId: number | string, { ticked = true } = {}) {
  const form = new FormData();
  if (ticked) form.set("li", "sim");
  return action(
    routeArgs(who, docId, { method: "POST", body: form, headers: { "x-client-ip": IP, "user-agent": UA } }),
  );
}

// What a thrown `data(..., { status })` carries.
async function statusOfThrow(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? null;
  }
  return "no throw";
}

// Each page's text, whitespace collapsed.
async function pdfPages(bytes: Uint8Array) {
  const doc = await openPdf(bytes.slice());
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push((await pageText(doc, n)).replace(/\s+/g, " "));
    return pages;
  } finally {
    await doc.destroy();
  }
}

const acceptancesOf = (documentId: number) =>
  db.selectFrom("document_acceptances").selectAll().where("document_id", "=", documentId).execute();
const versionsOf = (documentId: number) =>
  db
    .selectFrom("issued_document_files")
    .select(["version", "sha256"])
    .where("document_id", "=", documentId)
    .orderBy("id")
    .execute();

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-document-acceptance-db-"));
  // The route uses the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
  actor = await staffActor(db);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
  folders.remove();
});

describe("the tenant's Aceito on an entry inspection's report", () => {
  let paula: Tenant;
  let inspection: Awaited<ReturnType<typeof finalizedEntry>>;
  let issued: Uint8Array;

  beforeAll(async () => {
    paula = await tenant();
    inspection = await finalizedEntry(paula.id);
    issued = read(inspection.reportKey);
  });

  it("records who, when, from where and the hash of the report as issued, with a new version ending in the Registro de aceite", async () => {
    const page = await loader(routeArgs(paula, inspection.doc.id));
    expect(page).toMatchObject({ doc: { accepted: null, inspection: true }, sha256: hex(issued) });
    const before = Date.now();
    const answer = await accept(paula, inspection.doc.id);
    const after = Date.now();
    if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/client-area?tab=vistoria");
    const rows = await acceptancesOf(inspection.doc.id);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "express",
        user_id: paula.userId,
        accepter_name: paula.name,
        ip: IP,
        user_agent: UA,
        accepted_sha256: hex(issued),
      }),
    ]);
    const [row] = rows;
    expect(row!.accepted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(row!.accepted_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(row!.accepted_at)).toBeLessThanOrEqual(after);

    const acceptedBytes = read(row!.file_key);
    expect(acceptedBytes.byteLength).toBe(row!.size);
    expect(await versionsOf(inspection.doc.id)).toEqual([
      { version: "issued", sha256: hex(issued) },
      { version: "accepted", sha256: hex(acceptedBytes) },
    ]);
    // The report as issued is left as it was.
    expect(hex(read(inspection.reportKey))).toBe(hex(issued));

    const original = await pdfPages(issued);
    const pages = await pdfPages(acceptedBytes);
    expect(pages).toHaveLength(original.length + 1);
    expect(pages.slice(0, original.length)).toEqual(original);
    const last = pages.at(-1)!;
    for (const text of [
      "Registro de aceite",
      paula.name,
      "CPF",
      hex(issued),
      IP,
      "Aceite expresso",
      paula.username,
      row!.accepted_at,
    ])
      expect(last, text).toContain(text);

    // The report's file route serves the accepted version, to the tenant and to staff.
    for (const viewer of [{ kind: "client" as const, clientId: paula.id }, { kind: "staff" as const }])
      expect((await findInspectionReportFile(db, inspection.id, viewer))?.file_key).toBe(row!.file_key);
    // /verificar: the accepted file is the version 'accepted', the one issued still 'issued'.
    const found = (await lookupDocument(db, inspection.doc.code))!;
    expect(matchVersion(found, hex(acceptedBytes))).toMatchObject({ version: "accepted" });
    expect(matchVersion(found, hex(issued))).toMatchObject({ version: "issued" });
    // The page says so now.
    expect(await loader(routeArgs(paula, inspection.doc.id))).toMatchObject({
      doc: { accepted: { kind: "express", at: row!.accepted_at } },
      sha256: hex(issued),
    });
  });

  it("posted again: the same redirect, nothing new", async () => {
    const files = privateFiles();
    const again = await accept(paula, inspection.doc.id);
    expect(again).toBeInstanceOf(Response);
    expect((again as Response).status).toBe(302);
    expect(await acceptancesOf(inspection.doc.id)).toHaveLength(1);
    expect(await versionsOf(inspection.doc.id)).toHaveLength(2);
    expect(privateFiles()).toBe(files);
  });

  it("is the accepted file byte for byte: one byte flipped is no version of the document", async () => {
    const [row] = await acceptancesOf(inspection.doc.id);
    const bytes = read(row!.file_key);
    const found = (await lookupDocument(db, inspection.doc.code))!;
    for (const at of [0, Math.floor(bytes.byteLength / 2), bytes.byteLength - 1]) {
      const changed = bytes.slice();
      changed[at] ^= 0x01;
      expect(matchVersion(found, hex(changed))).toBeNull();
    }
  });

  it("closes the contest: an item of the accepted inspection can no longer be contested", async () => {
    const window = { today: localToday(), days: 7 };
    const input = { note: "A parede tinha uma mancha.", images: [] };
    // Another tenant's inspection finalized the same day, not accepted: the window is open.
    const other = await finalizedEntry((await tenant()).id);
    const otherClient = (
      await db.selectFrom("inspections").select("client_id").where("id", "=", other.id).executeTakeFirstOrThrow()
    ).client_id;
    expect(await contestItem(db, otherClient, other.item, input, window)).toBe("ok");
    expect(await contestItem(db, paula.id, inspection.item, input, window)).toBe("closed");
  });
});

describe("two posts at once", () => {
  it("record one acceptance and keep one new file: the loser's is removed", async () => {
    const uma = await tenant();
    const { doc } = await finalizedEntry(uma.id);
    const files = privateFiles();
    const answers = await Promise.all([accept(uma, doc.id), accept(uma, doc.id)]);
    for (const answer of answers) expect((answer as Response).status).toBe(302);
    const rows = await acceptancesOf(doc.id);
    expect(rows).toHaveLength(1);
    expect((await versionsOf(doc.id)).map((v) => v.version)).toEqual(["issued", "accepted"]);
    expect(privateFiles()).toBe(files + 1);
    expect(fs.existsSync(privateFilePath(rows[0]!.file_key))).toBe(true);
  });
});

describe("what the route refuses", () => {
  it("a report replaced by a correction: not accepted, nothing recorded", async () => {
    const vera = await tenant();
    const { id, doc } = await finalizedEntry(vera.id);
    const made = await createCorrection(db, id, actor);
    if (made.outcome !== "ok") throw new Error(`correction: ${made.outcome}`);
    const issuer = { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-25" };
    expect(await finalizeInspection(db, made.id, actor, issuer)).toBe("ok");
    expect(await loader(routeArgs(vera, doc.id))).toMatchObject({ doc: { replaced: true, accepted: null } });
    const answer = await accept(vera, doc.id);
    expect((answer as Response).status).toBe(302);
    expect(await acceptancesOf(doc.id)).toEqual([]);
    expect(await versionsOf(doc.id)).toHaveLength(1);
  });

  it("without the box ticked: 400 with the message, and nothing recorded", async () => {
    const rita = await tenant();
    const { doc } = await finalizedEntry(rita.id);
    const files = privateFiles();
    const refused = await accept(rita, doc.id, { ticked: false });
    if (refused instanceof Response) throw new Error(`expected the form again, got ${refused.status}`);
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({ error: "Marque que leu o documento para aceitá-lo." });
    expect(await acceptancesOf(doc.id)).toEqual([]);
    expect(await versionsOf(doc.id)).toHaveLength(1);
    expect(privateFiles()).toBe(files);
  });

  it("another lease's document: 404 to the page and to the post, and nothing recorded", async () => {
    const sara = await tenant();
    const tomas = await tenant();
    const { doc, id } = await finalizedEntry(sara.id);
    const files = privateFiles();
    expect(await statusOfThrow(() => loader(routeArgs(tomas, doc.id)))).toBe(404);
    expect(await statusOfThrow(() => accept(tomas, doc.id))).toBe(404);
    // A made-up id and garbage: the same 404.
    expect(await statusOfThrow(() => accept(tomas, 999_999))).toBe(404);
    expect(await statusOfThrow(() => loader(routeArgs(tomas, "abc")))).toBe(404);
    expect(await acceptancesOf(doc.id)).toEqual([]);
    expect(await versionsOf(doc.id)).toHaveLength(1);
    expect(privateFiles()).toBe(files);
    const { report_key } = await db
      .selectFrom("inspections")
      .select("report_key")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect((await findInspectionReportFile(db, id, { kind: "client", clientId: sara.id }))?.file_key).toBe(report_key);
  });
});
