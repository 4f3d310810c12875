import fs from "node:fs";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { documentOf } from "#app/models/documents/registry.server";
import { lookupDocument, matchVersion } from "#app/models/documents/verification.server";
import { findAddendumFile, findInspectionReportFile } from "#app/models/files/access.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { contestItem } from "#app/models/inspections/contests.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { addRoom, createInspection, getInspection, updateItem } from "#app/models/inspections/inspections.server";
import { recordTacitAcceptances } from "#app/models/inspections/tacit-acceptance.server";
import { renewalSchema } from "#app/models/leases/renewal.schema";
import { renewLease } from "#app/models/leases/renewal.server";
import { cents } from "#app/models/shared/money";
import { action } from "#app/routes/client/document-acceptance";
import { privateFolders, staffActor } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { tenantWithLogin } from "#tests/fixtures/client-login";

// Acceptance (issue 38, docs/decisions/0080-document-acceptance.md), the
// other ways: an entry inspection whose contest window closed without a
// contest is accepted tacitly by the hourly job (the day after the window's
// last day, once, never one with a contest), its report ending in a
// "Registro de aceite" that says so; a Termo Aditivo is accepted in the
// client area like a report. The express acceptance of a report:
// document-acceptance.test.ts.

const folders = privateFolders("it-document-acceptance-tacit");
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let actor: { id: number; name: string };
const DAYS = 7;
// Finalized at 11:00 of 10/11/2026 in Três Lagoas: the window runs to 17/11.
const FINALIZED_AT = "2026-11-10T15:00:00.000Z";
const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const read = (key: string) => new Uint8Array(fs.readFileSync(privateFilePath(key)));

let seq = 0;
async function tenant(lease: Record<string, unknown> = {}) {
  seq += 1;
  return tenantWithLogin(db, { name: `Tácio Prazo ${seq}`, username: `tacito${seq}` }, lease);
}

// An entry inspection finalized at FINALIZED_AT (set in the row: the window counts from it).
async function finalizedEntry(clientId: number) {
  const id = (await createInspection(db, { client_id: clientId, kind: "entrada", date: "2026-11-10" }, actor))!;
  expect((await addRoom(db, id, "Sala", actor)).outcome).toBe("ok");
  const items = (await getInspection(db, id))!.rooms.flatMap((r) => r.items);
  for (const item of items) await updateItem(db, item.id, { name: item.name, condition: "bom" }, actor);
  expect(
    await finalizeInspection(db, id, actor, { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-10" }),
  ).toBe("ok");
  await db.updateTable("inspections").set({ finalized_at: FINALIZED_AT }).where("id", "=", id).execute();
  const { report_key } = await db
    .selectFrom("inspections")
    .select("report_key")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, item: items[0]!.id, reportKey: report_key!, doc: (await documentOf(db, "inspection_report", id))! };
}

async function lastPage(bytes: Uint8Array) {
  const doc = await openPdf(bytes.slice());
  try {
    return { pages: doc.numPages, text: (await pageText(doc, doc.numPages)).replace(/\s+/g, " ") };
  } finally {
    await doc.destroy();
  }
}

const acceptancesOf = (documentId: number) =>
  db.selectFrom("document_acceptances").selectAll().where("document_id", "=", documentId).execute();
const allAcceptances = () => db.selectFrom("document_acceptances").select("id").execute();

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-document-acceptance-tacit-db-"));
  vi.stubEnv("DATABASE_PATH", file);
  actor = await staffActor(db);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
  folders.remove();
});

describe("tacit acceptance of an entry inspection", () => {
  const now = new Date("2026-11-18T10:00:00.000Z");
  let quiet: Awaited<ReturnType<typeof finalizedEntry>>;
  let contested: Awaited<ReturnType<typeof finalizedEntry>>;
  let quietTenant: Awaited<ReturnType<typeof tenant>>;

  beforeAll(async () => {
    quietTenant = await tenant();
    quiet = await finalizedEntry(quietTenant.id);
    const cora = await tenant();
    contested = await finalizedEntry(cora.id);
    const contest = { note: "O piso já estava riscado.", images: [] };
    expect(await contestItem(db, cora.id, contested.item, contest, { today: "2026-11-12", days: DAYS })).toBe("ok");
  });

  it("waits through the window's last day", async () => {
    expect(await recordTacitAcceptances(db, "2026-11-17", DAYS, now)).toEqual({ recorded: 0 });
    expect(await allAcceptances()).toEqual([]);
  });

  it("the next day, records it: tacit, no login, no address, and the report ends saying so with the deadline", async () => {
    const issued = read(quiet.reportKey);
    expect(await recordTacitAcceptances(db, "2026-11-18", DAYS, now)).toEqual({ recorded: 1 });
    const rows = await acceptancesOf(quiet.doc.id);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "tacit",
        user_id: null,
        ip: null,
        user_agent: null,
        accepter_name: quietTenant.name,
        accepted_at: now.toISOString(),
        accepted_sha256: hex(issued),
      }),
    ]);
    const accepted = read(rows[0]!.file_key);
    const original = await lastPage(issued);
    const last = await lastPage(accepted);
    expect(last.pages).toBe(original.pages + 1);
    for (const text of [
      "Registro de aceite",
      "Aceite tácito",
      "17/11/2026",
      quietTenant.name,
      hex(issued),
      now.toISOString(),
      "18/11/2026 06:00:00",
    ])
      expect(last.text, text).toContain(text);
    expect(last.text).not.toContain("Aceite expresso");
    const found = (await lookupDocument(db, quiet.doc.code))!;
    expect(matchVersion(found, hex(accepted))).toMatchObject({ version: "accepted" });
    expect((await findInspectionReportFile(db, quiet.id, { kind: "client", clientId: quietTenant.id }))?.file_key).toBe(
      rows[0]!.file_key,
    );
  });

  it("run again: nothing new", async () => {
    expect(await recordTacitAcceptances(db, "2026-11-18", DAYS, now)).toEqual({ recorded: 0 });
    expect(await recordTacitAcceptances(db, "2026-11-25", DAYS, new Date())).toEqual({ recorded: 0 });
    expect(await allAcceptances()).toHaveLength(1);
    expect(await acceptancesOf(quiet.doc.id)).toHaveLength(1);
  });

  it("never accepts an inspection with a contest", async () => {
    expect(await acceptancesOf(contested.doc.id)).toEqual([]);
    const { report_key } = await db
      .selectFrom("inspections")
      .select("report_key")
      .where("id", "=", contested.id)
      .executeTakeFirstOrThrow();
    expect((await findInspectionReportFile(db, contested.id, { kind: "staff" }))?.file_key).toBe(report_key);
  });
});

describe("a Termo Aditivo", () => {
  it("is accepted in the client area too, and its file route then serves the accepted version", async () => {
    const nina = await tenant({
      contract_start_date: "2026-01-01",
      contract_end_date: "2026-12-31",
      monthly_rent: cents(150_000),
    });
    const renewal = renewalSchema.parse({
      chave: "renovacao-0000000001",
      effective_on: "2026-12-01",
      reason: "Renovação por 24 meses",
      new_end: "2028-12-31",
    });
    expect(await renewLease(db, nina.id, renewal, null, { ...defaultAgency, cnpj: null }, "2026-11-29")).toMatchObject({
      ok: true,
    });
    const version = await db
      .selectFrom("lease_versions")
      .select(["id", "file_key"])
      .where("client_id", "=", nina.id)
      .executeTakeFirstOrThrow();
    const doc = (await documentOf(db, "addendum", version.id))!;
    const issued = read(version.file_key);
    const form = new FormData();
    form.set("li", "sim");
    const answer = await action({
      request: new Request(`http://localhost/client-area/documentos/${doc.id}`, {
        method: "POST",
        body: form,
        headers: { "x-client-ip": "203.0.113.7", "user-agent": "Teste/1.0" },
      }),
      context: nina.context,
      params: { id: String(doc.id) },
    } as unknown as Parameters<typeof action>[0]);
    if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
    expect(answer.headers.get("location")).toBe("/client-area?tab=contrato");
    const [row] = await acceptancesOf(doc.id);
    expect(row).toMatchObject({ kind: "express", accepted_sha256: hex(issued), ip: "203.0.113.7" });
    for (const viewer of [{ kind: "client" as const, clientId: nina.id }, { kind: "staff" as const }])
      expect((await findAddendumFile(db, version.id, viewer))?.file_key).toBe(row!.file_key);
    const last = await lastPage(read(row!.file_key));
    expect(last.pages).toBe((await lastPage(issued)).pages + 1);
    for (const text of ["Registro de aceite", "Aceite expresso", hex(issued)]) expect(last.text, text).toContain(text);
    const found = (await lookupDocument(db, doc.code))!;
    expect(matchVersion(found, hex(read(row!.file_key)))).toMatchObject({ version: "accepted" });
    expect(matchVersion(found, hex(issued))).toMatchObject({ version: "issued" });
  });
});
