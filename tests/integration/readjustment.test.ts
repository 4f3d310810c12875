import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { getAttention } from "#app/models/dashboard/attention.server";
import { missingIndexMonths } from "#app/models/owners/readjustment";
import { importIndexCsv, upsertIndexValue } from "#app/models/owners/index-values.server";
import { dueReadjustments, runReadjustments } from "#app/models/owners/readjustments.server";
import { readOutbox } from "#tests/fixtures/eml";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The yearly readjustment (docs/decisions/0041-readjustment.md) on a fresh
// database and an outbox: the SGS import (twice: nothing the second time), a
// contract waiting for a missing month, the row and the tenant's email 30 days
// before (once), the rent and the unpaid billings from the anniversary changed
// on it (never a paid one nor one due before), and runs that change nothing.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "it-readjust-"));
const outbox = path.join(root, "outbox");
vi.stubEnv("OUTBOX_DIR", outbox);
vi.stubEnv("UPLOADS_DIR", path.join(root, "uploads")); // the notices' PDFs
vi.stubEnv("SMTP_URL", "");
vi.stubEnv("AGENCY_NAME", "Imobiliária Lago Azul");

let temp: Awaited<ReturnType<typeof tempDatabase>>;
let db: Kysely<Database>;
const actor = { id: 0, name: "Ana Staff" };
const now = (day: string) => new Date(`${day}T15:00:00Z`);
const auditRows = (entity: string) =>
  db.selectFrom("audit_log").select(["action", "entity_id"]).where("entity", "=", entity).execute();

// IGP-M at 1% a month from December 2025 to October 2026: November is missing.
const CSV = Buffer.from(
  '\uFEFF"data";"valor"\r\n' +
    Array.from({ length: 11 }, (_, i) => {
      const m = ((11 + i) % 12) + 1;
      const y = m === 12 ? 2025 : 2026;
      return `"01/${String(m).padStart(2, "0")}/${y}";"1,00"\r\n`;
    }).join("") +
    "\r\n",
);

let clientId: number;
const stamp = "2025-12-01T00:00:00.000Z";

beforeAll(async () => {
  temp = await tempDatabase("it-readjust-");
  db = temp.db;
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  const client = await db
    .insertInto("clients")
    .values({
      name: "Marta Inquilina",
      email: "marta@teste.com",
      property_address: "Rua das Flores, 10",
      contract_start_date: "2025-12-10",
      contract_end_date: "2028-12-09",
      monthly_rent_cents: cents(150_000),
      payment_due_day: 5,
      readjustment_index: "IGPM",
      readjustment_lag_months: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  clientId = client.id;
  const billing = (month_year: string, due_date: string, status: "pending" | "paid", amount_paid: number | null) => ({
    client_id: clientId,
    month_year,
    due_date,
    grace_until: due_date,
    amount_cents: cents(150_000),
    status,
    amount_paid_cents: amount_paid === null ? null : cents(amount_paid),
    payment_date: status === "paid" ? "2026-11-20" : null,
    created_at: stamp,
    updated_at: stamp,
  });
  await db
    .insertInto("billing")
    .values([
      billing("2026-12", "2026-12-05", "pending", null), // before the anniversary: stays
      billing("2027-01", "2027-01-05", "pending", null), // after: new rent
      billing("2027-02", "2027-02-05", "paid", 150_000), // paid in advance: stays
      billing("2027-03", "2027-03-05", "pending", null), // after: new rent
    ])
    .execute();
});

afterAll(async () => {
  await temp?.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe("index values", () => {
  it("imports an SGS CSV once: the same file again changes nothing", async () => {
    expect(await importIndexCsv(db, "IGPM", CSV, actor)).toEqual({ ok: true, months: 11, changed: 11 });
    expect(await importIndexCsv(db, "IGPM", CSV, actor)).toEqual({ ok: true, months: 11, changed: 0 });
    const rows = await db.selectFrom("index_values").selectAll().where("index_code", "=", "IGPM").execute();
    expect(rows).toHaveLength(11);
    expect(rows.every((r) => r.rate_ppm === 10_000 && r.source === "sgs")).toBe(true);
    expect((await auditRows("index_value")).filter((r) => r.action === "create")).toHaveLength(11);
  });

  it("a typed month is written once; a new rate changes it with an audit row", async () => {
    expect(await upsertIndexValue(db, "INPC", { month: "2026-09", ratePpm: 5200 }, actor)).toBe(true);
    expect(await upsertIndexValue(db, "INPC", { month: "2026-09", ratePpm: 5200 }, actor)).toBe(false);
    expect(await upsertIndexValue(db, "INPC", { month: "2026-09", ratePpm: -7300 }, actor)).toBe(true);
    const row = await db
      .selectFrom("index_values")
      .selectAll()
      .where("index_code", "=", "INPC")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ month: "2026-09", rate_ppm: -7300, source: "manual" });
    const audits = (await auditRows("index_value")).filter((r) => r.entity_id === String(row.id));
    expect(audits.map((r) => r.action)).toEqual(["create", "update"]);
  });

  it("refuses a broken file whole, naming the line, storing nothing", async () => {
    const bad = Buffer.from("data;valor\n01/01/2024;0,10\n01/02/2024;abc\n");
    expect(await importIndexCsv(db, "IPCA", bad, actor)).toEqual({
      ok: false,
      error: expect.stringContaining("Linha 3"),
    });
    expect(await db.selectFrom("index_values").selectAll().where("index_code", "=", "IPCA").execute()).toHaveLength(0);
  });

  it("refuses a binary file (a spreadsheet saved as .csv) by its content", async () => {
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]),
      Buffer.from("data;valor\n01/01/2024;0,10\n"),
    ]);
    expect(await importIndexCsv(db, "IPCA", xls, actor)).toEqual({
      ok: false,
      error: "O arquivo não é um CSV exportado do SGS.",
    });
    expect(await db.selectFrom("index_values").selectAll().where("index_code", "=", "IPCA").execute()).toHaveLength(0);
  });
});

describe("the readjustment job", () => {
  it("waits while a month is missing and says which", async () => {
    const due = await dueReadjustments(db, "2026-11-23", 60);
    expect(due).toEqual([
      expect.objectContaining({
        clientId,
        anniversary: "2026-12-10",
        index: "IGPM",
        newRent: null,
        missing: ["2026-11"],
      }),
    ]);
    const attention = await getAttention(db, "2026-11-23");
    expect(attention.readjustments).toEqual([expect.objectContaining({ anniversary: "2026-12-10", newRent: null })]);
    expect(missingIndexMonths(attention.readjustments)).toEqual(["IGP-M: novembro de 2026"]);
    expect(await runReadjustments(db, "2026-11-23", now("2026-11-23"))).toMatchObject({ created: 0, waiting: 1 });
    expect(await db.selectFrom("readjustments").selectAll().execute()).toHaveLength(0);
    expect(readOutbox(outbox)).toHaveLength(0);
  });

  it("makes the row and emails the tenant once, 30 days before", async () => {
    await upsertIndexValue(db, "IGPM", { month: "2026-11", ratePpm: 10_000 }, actor);
    const first = await runReadjustments(db, "2026-11-23", now("2026-11-23"));
    expect(first).toMatchObject({ created: 1, notified: 1, applied: 0, waiting: 0 });
    const row = await db.selectFrom("readjustments").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      client_id: clientId,
      anniversary: "2026-12-10",
      index_code: "IGPM",
      first_month: "2025-12",
      last_month: "2026-11",
      accumulated_ppm: 126_825,
      old_rent_cents: 150_000,
      new_rent_cents: 169_024,
      applied_at: null,
    });
    const notice = await db
      .selectFrom("email_outbox")
      .select("sent_at")
      .where("dedupe_key", "=", `readjustment:${row.id}`)
      .executeTakeFirstOrThrow();
    expect(notice.sent_at).not.toBeNull();
    const mail = readOutbox(outbox);
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toContain("marta@teste.com");
    expect(mail[0].text).toContain("R$ 1.690,24");
    expect(mail[0].text).toContain("10/12/2026");

    expect(await runReadjustments(db, "2026-11-24", now("2026-11-24"))).toMatchObject({
      created: 0,
      notified: 0,
      applied: 0,
    });
    expect(readOutbox(outbox)).toHaveLength(1);
    expect(
      (await db.selectFrom("clients").select("monthly_rent_cents").executeTakeFirstOrThrow()).monthly_rent_cents,
    ).toBe(150_000);
  });

  it("applies on the anniversary to the rent and the unpaid billings due from it, once", async () => {
    expect(await runReadjustments(db, "2026-12-10", now("2026-12-10"))).toMatchObject({ applied: 1 });
    expect(
      (await db.selectFrom("clients").select("monthly_rent_cents").executeTakeFirstOrThrow()).monthly_rent_cents,
    ).toBe(169_024);
    const amounts = await db
      .selectFrom("billing")
      .select(["month_year", "amount_cents"])
      .orderBy("month_year")
      .execute();
    expect(amounts).toEqual([
      { month_year: "2026-12", amount_cents: cents(150_000) },
      { month_year: "2027-01", amount_cents: cents(169_024) },
      { month_year: "2027-02", amount_cents: cents(150_000) },
      { month_year: "2027-03", amount_cents: cents(169_024) },
    ]);
    const audits = await db.selectFrom("audit_log").select("id").execute();

    expect(await runReadjustments(db, "2026-12-11", now("2026-12-11"))).toEqual({
      created: 0,
      notified: 0,
      failed: 0,
      applied: 0,
      waiting: 0,
    });
    expect(await db.selectFrom("audit_log").select("id").execute()).toHaveLength(audits.length);
    expect(readOutbox(outbox)).toHaveLength(1);
    expect(await dueReadjustments(db, "2026-12-11", 60)).toEqual([]);
    // The next one is 12 months after this one.
    expect(await dueReadjustments(db, "2027-11-20", 60)).toEqual([
      expect.objectContaining({ anniversary: "2027-12-10", oldRent: 169_024 }),
    ]);
  });
});
