import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { runReadjustments } from "#app/models/owners/readjustments.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The tenant's readjustment email when the SMTP server is down: kept unsent
// with its error and an attempt counted, tried again next run; the rent is
// still applied on the anniversary (decision 0041).

vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:1");
// The notices' PDFs (the job draws one per readjustment).
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-readjust-retry-uploads-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let temp: Awaited<ReturnType<typeof tempDatabase>>;
let db: Kysely<Database>;

beforeAll(async () => {
  temp = await tempDatabase("it-readjust-retry-");
  db = temp.db;
  const stamp = "2025-12-01T00:00:00.000Z";
  await db
    .insertInto("clients")
    .values({
      name: "Rui",
      email: "rui@teste.com",
      contract_start_date: "2025-12-10",
      monthly_rent_cents: cents(100_000),
      readjustment_index: "IPCA",
      readjustment_lowers: 1,
      readjustment_lag_months: 0, // the index months M-12..M-1 typed below
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  // -0,10% a month: the total is negative and this contract lets it lower the rent.
  await db
    .insertInto("index_values")
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        index_code: "IPCA" as const,
        month: i === 0 ? "2025-12" : `2026-${String(i).padStart(2, "0")}`,
        rate_ppm: -1000,
        source: "manual" as const,
        updated_at: stamp,
      })),
    )
    .execute();
});

afterAll(async () => {
  await temp?.cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

it("keeps a failed email for the next run and applies on the anniversary anyway", async () => {
  expect(await runReadjustments(db, "2026-11-20", new Date("2026-11-20T15:00:00Z"))).toMatchObject({
    created: 1,
    notified: 0,
    failed: 1,
  });
  let row = await db.selectFrom("readjustments").selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ new_rent_cents: 98_807, accumulated_ppm: -11_934 });
  const email = () =>
    db.selectFrom("email_outbox").selectAll().where("dedupe_key", "=", `readjustment:${row.id}`).executeTakeFirst();
  expect(await email()).toMatchObject({ status: "queued", sent_at: null, attempts: 1 });
  expect((await email())!.last_error).toBeTruthy();

  expect(await runReadjustments(db, "2026-12-10", new Date("2026-12-10T15:00:00Z"))).toMatchObject({
    failed: 1,
    applied: 1,
  });
  row = await db.selectFrom("readjustments").selectAll().executeTakeFirstOrThrow();
  // Tried again, then given up when applied.
  expect(await email()).toMatchObject({ status: "failed", attempts: 2 });
  expect(row.applied_at).not.toBeNull();
  expect(
    (await db.selectFrom("clients").select("monthly_rent_cents").executeTakeFirstOrThrow()).monthly_rent_cents,
  ).toBe(98_807);
  // Applied: no more tries of an email about a rent already in force.
  expect(await runReadjustments(db, "2026-12-11", new Date("2026-12-11T15:00:00Z"))).toMatchObject({ failed: 0 });
});
