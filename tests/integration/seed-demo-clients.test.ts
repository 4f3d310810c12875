import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { checkPassword } from "#app/models/accounts/users.server";
import { contractStatus } from "#app/models/clients/status";
import { localToday } from "#app/models/shared/days";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { seedDemoClients } from "../../scripts/seed-demo-clients";
import { seedDemoMaster } from "../../scripts/seed-demo-master";

// `npm run seed:demo`'s rental side: active and expired tenants, one without
// a login, each with a contract file on disk, maintenance requests, and a
// printed login that really opens the client area.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-seed-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let result: Awaited<ReturnType<typeof seedDemoClients>>;
const log = vi.spyOn(console, "log").mockImplementation(() => {});

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase());
  await seedDemoMaster(db);
  result = await seedDemoClients(db);
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("seedDemoClients", () => {
  it("creates active and expired tenants, one without a login", async () => {
    const clients = await db
      .selectFrom("clients")
      .select(["name", "user_id", "contract_end_date"])
      .orderBy("id")
      .execute();
    const today = localToday();
    const statuses = clients.map((c) => contractStatus(c.contract_end_date, today));
    expect(statuses.filter((s) => s === "Ativo").length).toBeGreaterThanOrEqual(2);
    expect(statuses).toContain("Prazo indeterminado");
    expect(clients.filter((c) => c.user_id === null)).toHaveLength(1);
    expect(result?.clients).toBe(clients.length);
  });

  it("gives every tenant a contract PDF on disk, uploaded by the master", async () => {
    const contracts = await db
      .selectFrom("contracts")
      .select(["client_id", "file_key", "mime_type", "uploaded_by_name"])
      .execute();
    const clients = await db.selectFrom("clients").select("id").execute();
    expect(new Set(contracts.map((c) => c.client_id))).toEqual(new Set(clients.map((c) => c.id)));
    for (const c of contracts) {
      expect(c.mime_type).toBe("application/pdf");
      expect(c.uploaded_by_name).toBe("Administrador");
      expect(
        fs
          .readFileSync(path.join(uploads, "private", c.file_key))
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
  });

  it("adds maintenance requests: one completed with a note, images and a document, one pending", async () => {
    const requests = await db
      .selectFrom("maintenance_requests")
      .select(["id", "status", "admin_notes", "completed_at"])
      .orderBy("id")
      .execute();
    expect(requests.map((r) => r.status)).toEqual(["completed", "pending"]);
    expect(requests[0].admin_notes).toBeTruthy();
    expect(requests[0].completed_at).toBeTruthy();
    const images = await db
      .selectFrom("maintenance_images")
      .select("file_key")
      .where("request_id", "=", requests[0].id)
      .execute();
    expect(images).toHaveLength(2);
    for (const image of images) expect(fs.existsSync(path.join(uploads, "private", image.file_key))).toBe(true);
    const documents = await db
      .selectFrom("maintenance_documents")
      .select("file_key")
      .where("request_id", "=", requests[0].id)
      .execute();
    expect(documents).toHaveLength(1);
  });

  it("bills three tenants month by month: paid, overdue, and a boleto to download", async () => {
    const rows = await db
      .selectFrom("billing")
      .select(["client_id", "status", "payment_date", "due_date", "amount_paid_cents", "open_cents"])
      .execute();
    expect(new Set(rows.map((r) => r.client_id)).size).toBe(3);
    const paid = rows.filter((r) => r.status === "paid");
    expect(paid.every((r) => r.payment_date !== null)).toBe(true);
    // Paid two days early, but for the ledger's cases (decision 0061): a
    // month paid again after its Pix came back, and a late one paid 0,73 over.
    expect(paid.filter((r) => r.payment_date! >= r.due_date)).toHaveLength(2);
    const today = localToday();
    const open = rows.filter((r) => r.status !== "paid" && r.due_date < today);
    expect(open.length).toBe(2);
    // Of those, one paid in part: Pago parcialmente.
    expect(open.filter((r) => r.amount_paid_cents !== null && r.open_cents > 0)).toHaveLength(1);
    // The 0,73 over went to the next month, not yet due.
    expect(rows.filter((r) => r.amount_paid_cents === 73 && r.due_date >= today)).toHaveLength(1);
    const voided = await db
      .selectFrom("billing_receipts")
      .select("void_reason")
      .where("voided_at", "is not", null)
      .execute();
    expect(voided).toEqual([{ void_reason: "Pix devolvido pelo banco" }]);
    const docs = await db.selectFrom("billing_documents").select(["file_key", "mime_type"]).execute();
    expect(docs).toHaveLength(3);
    for (const d of docs) expect(fs.existsSync(path.join(uploads, "private", d.file_key))).toBe(true);
  });

  it("shows a proof of payment waiting for staff and an owner's deduction for the next transfer", async () => {
    const proofs = await db
      .selectFrom("payment_proofs")
      .innerJoin("billing", "billing.id", "payment_proofs.billing_id")
      .select(["payment_proofs.status", "payment_proofs.file_key", "billing.status as billing_status"])
      .execute();
    expect(proofs).toHaveLength(1);
    // It settles nothing: the billing stays open (it reads Em Atraso), the proof waits.
    expect(proofs[0]).toMatchObject({ status: "pending", billing_status: "pending" });
    expect(fs.existsSync(path.join(uploads, "private", proofs[0]!.file_key))).toBe(true);
    const entries = await db.selectFrom("owner_entries").select(["kind", "amount_cents", "description"]).execute();
    expect(entries).toEqual([
      { kind: "deduction", amount_cents: 18_000, description: "Conserto do chuveiro elétrico (nota nº 1234)" },
    ]);
  });

  it("prints a client login whose password works", async () => {
    expect(result?.login).not.toBeNull();
    const { username, password } = result!.login!;
    const printed = log.mock.calls.map((args) => args.join(" ")).join("\n");
    expect(printed).toContain(username);
    expect(printed).toContain(password);
    const user = await db
      .selectFrom("users")
      .select(["id", "role"])
      .where("username", "=", username)
      .executeTakeFirstOrThrow();
    expect(user.role).toBe("client");
    expect(await checkPassword(db, user.id, password)).toBe(true);
  });

  it("does nothing the second time", async () => {
    const before = await db.selectFrom("clients").select("id").execute();
    expect(await seedDemoClients(db)).toBeNull();
    expect(await db.selectFrom("clients").select("id").execute()).toEqual(before);
  });
});
