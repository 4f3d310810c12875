import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { documentOf, formatDocumentCode } from "#app/models/documents/registry.server";
import { lookupDocument, matchVersion } from "#app/models/documents/verification.server";
import { findReadjustmentNoticeFile } from "#app/models/files/access.server";
import { PRIVATE_FILE_KINDS } from "#app/models/files/private-kinds.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { ownLeaseDocuments } from "#app/models/leases/documents.server";
import { leaseOwnersSchema } from "#app/models/owners/lease-owners.schema";
import { saveLeaseOwners } from "#app/models/owners/lease-owners.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { runReadjustments } from "#app/models/owners/readjustments.server";
import { cents } from "#app/models/shared/money";
import { action } from "#app/routes/client/document-acceptance";
import { tenantWithLogin } from "#tests/fixtures/client-login";
import { privateFolders } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The yearly readjustment's "Aviso de Reajuste" (issue 38, decisions 0041,
// 0079, 0080): the job that makes the readjustment row 30 days before the
// anniversary draws the notice in the same transaction (no row, no file),
// keeps it as a private file and registers it under its code; a second run
// draws nothing. The tenant reads it on the Contrato tab, accepts it through
// the client area's route, and its file route serves the accepted version
// from then on; another tenant finds nothing.

const folders = privateFolders("it-readjustment-notice");
vi.stubEnv("SMTP_URL", "");
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const read = (key: string) => new Uint8Array(fs.readFileSync(privateFilePath(key)));
const privateFiles = () => {
  const dir = path.join(folders.uploads, "private");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
// 23/11/2026, noon in Três Lagoas: 17 days before the anniversary.
const RUN_DAY = "2026-11-23";
const RUN_AT = new Date("2026-11-23T15:00:00Z");

type Tenant = Awaited<ReturnType<typeof tenantWithLogin>>;
let paula: Tenant;
let bruno: Tenant;

async function pdfText(bytes: Uint8Array) {
  const doc = await openPdf(bytes.slice());
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push((await pageText(doc, n)).replace(/\s+/g, " "));
    return pages;
  } finally {
    await doc.destroy();
  }
}

async function accept(who: Tenant, docId: number) {
  const form = new FormData();
  form.set("li", "sim");
  return action({
    request: new Request(`http://localhost/client-area/documentos/${docId}`, {
      method: "POST",
      body: form,
      headers: { "x-client-ip": "203.0.113.7", "user-agent": "teste" },
    }),
    context: who.context,
    params: { id: String(docId) },
  } as unknown as Parameters<typeof action>[0]);
}

const rows = () => db.selectFrom("readjustments").selectAll().orderBy("id").execute();
const notices = () => db.selectFrom("issued_documents").selectAll().where("kind", "=", "readjustment_notice").execute();

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-readjustment-notice-db-"));
  // The acceptance route uses the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
  const lease = {
    contract_start_date: "2025-12-10",
    contract_end_date: "2028-12-09",
    monthly_rent: cents(150_000),
    readjustment_index: "IGPM",
    readjustment_lag_months: 0,
  };
  paula = await tenantWithLogin(
    db,
    { name: "Paula Reajustada", username: "paula" },
    { ...lease, cpf_cnpj: "52998224725", property_address: "Rua das Flores, 10" },
  );
  // Another tenant, without an index: never readjusted, never reads Paula's notice.
  bruno = await tenantWithLogin(db, { name: "Bruno Vizinho", username: "bruno" });
  const olga = await createOwner(db, ownerSchema.parse({ name: "Olga Proprietária" }), null);
  const saved = await saveLeaseOwners(
    db,
    paula.id,
    leaseOwnersSchema.parse({ owner_1: String(olga), share_1: "100" }),
    null,
  );
  if (!saved.ok) throw new Error("owners");
  // IGP-M at 1% a month, December 2025 to November 2026: the 12 months of 10/12/2026.
  await db
    .insertInto("index_values")
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        index_code: "IGPM" as const,
        month: i === 0 ? "2025-12" : `2026-${String(i).padStart(2, "0")}`,
        rate_ppm: 10_000,
        source: "manual" as const,
        updated_at: RUN_AT.toISOString(),
      })),
    )
    .execute();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
  folders.remove();
});

describe("the Aviso de Reajuste", () => {
  it("is not left behind when its row's transaction fails", async () => {
    await sql`create trigger refuse_documents before insert on issued_documents begin select raise(abort, 'recusado'); end`.execute(
      db,
    );
    try {
      await expect(runReadjustments(db, RUN_DAY, RUN_AT)).rejects.toThrow("recusado");
    } finally {
      await sql`drop trigger refuse_documents`.execute(db);
    }
    expect(await rows()).toEqual([]);
    expect(privateFiles()).toBe(0);
  });

  it("is drawn with the readjustment, kept and registered with its hash; a second run adds nothing", async () => {
    expect(await runReadjustments(db, RUN_DAY, RUN_AT)).toMatchObject({ created: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ client_id: paula.id, anniversary: "2026-12-10", new_rent_cents: 169_024 });
    expect(row!.notice_key).toBeTruthy();
    const bytes = read(row!.notice_key!);
    expect(bytes.byteLength).toBe(row!.notice_size);

    const doc = (await documentOf(db, "readjustment_notice", row!.id))!;
    expect(doc).toMatchObject({
      title: "Aviso de Reajuste",
      issued_on: RUN_DAY,
      parties: "Paula, Olga",
      amount_cents: 169_024,
      cancelled_at: null,
    });
    const found = (await lookupDocument(db, doc.code))!;
    expect(found.kindLabel).toBe("Aviso de reajuste do aluguel");
    expect(matchVersion(found, hex(bytes))).toMatchObject({ version: "issued" });

    const [page, ...more] = await pdfText(bytes);
    expect(more).toEqual([]);
    for (const text of [
      "Aviso de Reajuste",
      "NOVO ALUGUEL",
      "R$ 1.690,24",
      "R$ 1.500,00",
      "IGP-M",
      "12 (dezembro de 2025 a novembro de 2026)",
      "12,6825%",
      "10/12/2026",
      "Paula Reajustada",
      "CPF 529.982.247-25",
      "Olga Proprietária",
      "Rua das Flores, 10",
      "23 de novembro de 2026",
      formatDocumentCode(doc.code),
    ])
      expect(page, text).toContain(text);

    // The kinds list (backup check, orphan sweep) knows the file.
    const keys: string[] = [];
    for (const kind of PRIVATE_FILE_KINDS) for (const r of await kind.rows(db)) keys.push(r.file_key);
    expect(keys).toContain(row!.notice_key);

    const files = privateFiles();
    expect(await runReadjustments(db, "2026-11-24", new Date("2026-11-24T15:00:00Z"))).toMatchObject({ created: 0 });
    expect(await rows()).toHaveLength(1);
    expect(await notices()).toHaveLength(1);
    expect(privateFiles()).toBe(files);
  });

  it("the tenant reads it on the Contrato tab, accepts it, and its route serves the accepted version", async () => {
    const [row] = await rows();
    const doc = (await documentOf(db, "readjustment_notice", row!.id))!;
    const href = `/client-area/documentos/${doc.id}`;
    const listed = () =>
      ownLeaseDocuments(db, paula.id).then((all) => all.find((d) => d.href === `/arquivos/reajustes/${row!.id}`));
    expect(await listed()).toMatchObject({
      label: "Aviso de Reajuste",
      on: "2026-12-10",
      acceptance: { href, accepted: null },
    });
    const tenantA = { kind: "client" as const, clientId: paula.id };
    expect((await findReadjustmentNoticeFile(db, row!.id, tenantA))?.file_key).toBe(row!.notice_key);

    const answer = await accept(paula, doc.id);
    if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/client-area?tab=contrato");
    const acceptance = await db
      .selectFrom("document_acceptances")
      .selectAll()
      .where("document_id", "=", doc.id)
      .executeTakeFirstOrThrow();
    expect(acceptance).toMatchObject({
      kind: "express",
      user_id: paula.userId,
      accepted_sha256: hex(read(row!.notice_key!)),
    });
    expect((await listed())?.acceptance?.accepted).toMatchObject({ kind: "express", at: acceptance.accepted_at });

    for (const viewer of [tenantA, { kind: "staff" as const }])
      expect((await findReadjustmentNoticeFile(db, row!.id, viewer))?.file_key).toBe(acceptance.file_key);
    const pages = await pdfText(read(acceptance.file_key));
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain("Registro de aceite");
    expect(matchVersion((await lookupDocument(db, doc.code))!, hex(read(acceptance.file_key)))).toMatchObject({
      version: "accepted",
    });
  });

  it("another tenant finds nothing, and cannot accept it", async () => {
    const [row] = await rows();
    const doc = (await documentOf(db, "readjustment_notice", row!.id))!;
    expect(await findReadjustmentNoticeFile(db, row!.id, { kind: "client", clientId: bruno.id })).toBeNull();
    expect(await ownLeaseDocuments(db, bruno.id)).toEqual([]);
    const status = await accept(bruno, doc.id).then(
      () => "no throw",
      (thrown: unknown) =>
        thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status,
    );
    expect(status).toBe(404);
  });

  it("a row made before notices were drawn has no file to serve", async () => {
    const old = await db
      .insertInto("readjustments")
      .values({
        client_id: paula.id,
        anniversary: "2025-12-10",
        index_code: "IGPM",
        first_month: "2024-12",
        last_month: "2025-11",
        accumulated_ppm: 0,
        old_rent_cents: cents(150_000),
        new_rent_cents: cents(150_000),
        created_at: "2025-11-10T12:00:00.000Z",
        applied_at: "2025-12-10T12:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await findReadjustmentNoticeFile(db, old.id, { kind: "staff" })).toBeNull();
    expect((await ownLeaseDocuments(db, paula.id)).filter((d) => d.label === "Aviso de Reajuste")).toHaveLength(1);
  });
});
