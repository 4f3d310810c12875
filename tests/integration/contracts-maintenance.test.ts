import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createClient } from "#app/models/clients/clients.server";
import { createContract, deleteContract, listContracts } from "#app/models/contracts/contracts.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { parseMaintenanceQuery } from "#app/models/maintenance/maintenance-query";
import {
  addMaintenanceDocument,
  getMaintenanceRequest,
  listMaintenanceRequests,
  updateMaintenanceRequest,
} from "#app/models/maintenance/admin.server";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Contracts and the admin side of maintenance requests (issue 7): a refused
// file writes no row and no file; a delete removes the row, then (the
// caller) the file; "completed" stamps completed_at and another status clears it.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-private-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let clientId: number;
const actor = { id: 0, name: "Ana Staff" };

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(400, 1)]);
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa3f5fa0000000049454e44ae426082",
  "hex",
);

const privateFiles = () =>
  fs.existsSync(path.join(uploads, "private")) ? fs.readdirSync(path.join(uploads, "private")) : [];
const count = async (table: "contracts" | "maintenance_documents" | "audit_log") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase());
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  const created = await createClient(
    db,
    { name: "Maria Inquilina", email: "maria@teste.com", username: "maria", password: "senha1234", payment_due_day: 5 },
    null,
  );
  if (!created.ok) throw new Error("client");
  clientId = created.id;
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("contracts", () => {
  it("stores a PDF under a random key with its row, uploader and audit row", async () => {
    const audits = await count("audit_log");
    const created = await createContract(db, { clientId, fileName: "../Contrato Maria.pdf", bytes: PDF }, actor);
    expect(created.ok).toBe(true);
    const [row] = (await listContracts(db, { search: "", page: 1 })).rows;
    expect(row).toMatchObject({
      client_name: "Maria Inquilina",
      file_name: "Contrato Maria.pdf",
      mime_type: "application/pdf",
      uploaded_by_name: "Ana Staff",
    });
    const stored = await db
      .selectFrom("contracts")
      .select("file_key")
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(stored.file_key).toMatch(/^[A-Za-z0-9_-]{32}\.pdf$/);
    expect(fs.readFileSync(privateFilePath(stored.file_key))).toEqual(PDF);
    expect(await count("audit_log")).toBe(audits + 1);
  });

  it("refuses an .exe named .pdf: no row, no file, no audit row", async () => {
    const [rows, files, audits] = [await count("contracts"), privateFiles().length, await count("audit_log")];
    expect(await createContract(db, { clientId, fileName: "contrato.pdf", bytes: EXE }, actor)).toEqual({
      ok: false,
      reason: "type",
    });
    expect(await createContract(db, { clientId, fileName: "foto.png", bytes: PNG }, actor)).toEqual({
      ok: false,
      reason: "type",
    });
    expect([await count("contracts"), privateFiles().length, await count("audit_log")]).toEqual([rows, files, audits]);
  });

  it("a client that does not exist leaves no row and no file", async () => {
    const [rows, files] = [await count("contracts"), privateFiles().length];
    expect(await createContract(db, { clientId: 999_999, fileName: "c.pdf", bytes: PDF }, actor)).toEqual({
      ok: false,
      reason: "client",
    });
    expect([await count("contracts"), privateFiles().length]).toEqual([rows, files]);
  });

  it("delete removes the row with an audit row and returns the file to remove", async () => {
    const created = await createContract(db, { clientId, fileName: "apagar.pdf", bytes: PDF }, actor);
    if (!created.ok) throw new Error("create");
    const audits = await count("audit_log");
    const deleted = await deleteContract(db, created.id, actor);
    expect(deleted?.fileName).toBe("apagar.pdf");
    expect(
      await db.selectFrom("contracts").select("id").where("id", "=", created.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await count("audit_log")).toBe(audits + 1);
    // The row is gone; the file stays until the caller removes it after the commit.
    expect(fs.existsSync(privateFilePath(deleted!.fileKey))).toBe(true);
    expect(await deleteContract(db, created.id, actor)).toBeNull();
  });
});

describe("maintenance (admin)", () => {
  let requestId: number;
  beforeAll(async () => {
    const now = new Date().toISOString();
    const row = await db
      .insertInto("maintenance_requests")
      .values({
        client_id: clientId,
        title: "Torneira pingando",
        description: "Cozinha",
        category: "plumbing",
        requested_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    requestId = row.id;
  });

  it("lists the request with its client and the spec defaults", async () => {
    const [r] = (await listMaintenanceRequests(db, parseMaintenanceQuery(new URLSearchParams()))).rows;
    expect(r).toMatchObject({
      id: requestId,
      client_name: "Maria Inquilina",
      status: "pending",
      priority: "medium",
      images: [],
      documents: [],
    });
  });

  it("completed stamps completed_at (kept on a second save); another status clears it", async () => {
    const audits = await count("audit_log");
    await updateMaintenanceRequest(
      db,
      requestId,
      { status: "completed", priority: "high", admin_notes: "Trocamos o reparo." },
      actor,
    );
    const done = await getMaintenanceRequest(db, requestId);
    expect(done).toMatchObject({ status: "completed", priority: "high", admin_notes: "Trocamos o reparo." });
    expect(done!.completed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await count("audit_log")).toBe(audits + 1);
    await updateMaintenanceRequest(
      db,
      requestId,
      { status: "completed", priority: "high", admin_notes: "Nota nova." },
      actor,
    );
    expect((await getMaintenanceRequest(db, requestId))!.completed_at).toBe(done!.completed_at);
    await updateMaintenanceRequest(
      db,
      requestId,
      { status: "in_progress", priority: "high", admin_notes: undefined },
      actor,
    );
    expect(await getMaintenanceRequest(db, requestId)).toMatchObject({
      status: "in_progress",
      completed_at: null,
      admin_notes: null,
    });
    expect(await updateMaintenanceRequest(db, 999_999, { status: "completed", priority: "low" }, actor)).toBeNull();
  });

  it("attaches a document (PDF or PNG by content) and refuses an .exe with nothing written", async () => {
    const added = await addMaintenanceDocument(db, { requestId, fileName: "nota.pdf", bytes: PDF }, actor);
    expect(added.ok).toBe(true);
    expect((await addMaintenanceDocument(db, { requestId, fileName: "foto.png", bytes: PNG }, actor)).ok).toBe(true);
    const r = await getMaintenanceRequest(db, requestId);
    expect(r!.documents.map((d) => d.file_name).sort()).toEqual(["foto.png", "nota.pdf"]);
    const [rows, files, audits] = [
      await count("maintenance_documents"),
      privateFiles().length,
      await count("audit_log"),
    ];
    expect(await addMaintenanceDocument(db, { requestId, fileName: "nota.pdf", bytes: EXE }, actor)).toEqual({
      ok: false,
      reason: "type",
    });
    expect(await addMaintenanceDocument(db, { requestId: 999_999, fileName: "nota.pdf", bytes: PDF }, actor)).toEqual({
      ok: false,
      reason: "request",
    });
    expect([await count("maintenance_documents"), privateFiles().length, await count("audit_log")]).toEqual([
      rows,
      files,
      audits,
    ]);
  });
});
