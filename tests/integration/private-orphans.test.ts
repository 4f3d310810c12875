import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createClient } from "#app/models/clients/clients.server";
import { createContract } from "#app/models/contracts/contracts.server";
import { ORPHAN_MIN_AGE_MS, removeOrphanPrivateFiles } from "#app/models/files/orphans.server";
import { storePrivateFile } from "#app/models/files/private-store.server";
import { samplePdf } from "#tests/fixtures/rental";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The hourly sweep of private files without a row (what a kill -9 between a
// file and its row leaves): only files the store named, only once an hour old,
// never one a row names; a second run finds nothing.

let temp: Awaited<ReturnType<typeof tempDatabase>>;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "orphans-test-"));
  vi.stubEnv("UPLOADS_DIR", path.join(root, "uploads"));
  temp = await tempDatabase("orphans-");
});

afterAll(async () => {
  await temp?.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

it("removes private files older than an hour that no row names, and says how many", async () => {
  const privateDir = path.join(root, "uploads", "private");
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const client = await createClient(
    temp.db,
    { name: "Inquilino", email: "inq@teste.com.br", username: "inq", password: "senha-forte-123", payment_due_day: 5 },
    null,
  );
  if (!client.ok) throw new Error(client.message);
  const contract = await createContract(
    temp.db,
    { clientId: client.id, fileName: "contrato.pdf", bytes: samplePdf() },
    null,
  );
  if (!contract.ok) throw new Error(contract.reason);
  const { file_key: kept } = await temp.db
    .selectFrom("contracts")
    .select("file_key")
    .where("id", "=", contract.id)
    .executeTakeFirstOrThrow();

  const oldOrphans = [
    await storePrivateFile(samplePdf("a"), ".pdf"),
    await storePrivateFile(Buffer.from("webp"), ".webp"),
  ];
  const freshOrphan = await storePrivateFile(samplePdf("b"), ".pdf");
  fs.writeFileSync(path.join(privateDir, "LEIA-ME.txt"), "posto aqui pelo operador");
  for (const name of [kept, ...oldOrphans, "LEIA-ME.txt"])
    fs.utimesSync(path.join(privateDir, name), ago(2 * ORPHAN_MIN_AGE_MS), ago(2 * ORPHAN_MIN_AGE_MS));
  fs.utimesSync(path.join(privateDir, freshOrphan), ago(ORPHAN_MIN_AGE_MS - 60_000), ago(ORPHAN_MIN_AGE_MS - 60_000));

  expect(await removeOrphanPrivateFiles(temp.db, now)).toBe(2);
  expect(fs.readdirSync(privateDir).sort()).toEqual([kept, freshOrphan, "LEIA-ME.txt"].sort());
  expect(await removeOrphanPrivateFiles(temp.db, now)).toBe(0);
});
