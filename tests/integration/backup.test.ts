import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "#app/db/db.server";
import type { Database } from "#app/db/schema";
import { storeBannerImages } from "#app/models/banners/banner-images.server";
import { createBilling } from "#app/models/billing/billing.server";
import { addBillingDocument } from "#app/models/billing/documents.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { importStatement } from "#app/models/reconciliation/imports.server";
import { buildOfx } from "#tests/fixtures/statements/build";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { drawStatementPdfs, markTransferDone } from "#app/models/owners/mark-transfer.server";
import { endContract } from "#app/models/clients/contract-end.server";
import { settleLease } from "#app/models/leases/settlement.server";
import { renewalSchema } from "#app/models/leases/renewal.schema";
import { renewLease } from "#app/models/leases/renewal.server";
import { ownerStatement } from "#app/models/owners/transfers.server";
import { prepareIncomeReportEmails, queueIncomeReports } from "#app/models/owners/income-report-email.server";
import { contestItem } from "#app/models/inspections/contests.server";
import { sendPaymentProof } from "#app/models/payment-proofs/proofs.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { addRoom, createInspection, getInspection, updateItem } from "#app/models/inspections/inspections.server";
import { setMeterPhoto } from "#app/models/inspections/meters.server";
import { addItemPhotos } from "#app/models/inspections/photos.server";
import { defaultAgency } from "#app/config/agency";
import { createBoletoDraft } from "#app/models/boletos/queue.server";
import { createClient } from "#app/models/clients/clients.server";
import { createContract } from "#app/models/contracts/contracts.server";
import { createGuaranteeDocument } from "#app/models/guarantees/documents.server";
import { PRIVATE_FILE_KINDS } from "#app/models/files/private-kinds.server";
import { addMaintenanceDocument } from "#app/models/maintenance/admin.server";
import { createMaintenanceRequest } from "#app/models/maintenance/requests.server";
import { BackupError, createBackup } from "#app/models/ops/backup.server";
import { restoreBackup } from "#app/models/ops/restore.server";
import { insertProperty, type NewPropertyValues } from "#app/models/properties/admin/property-admin.server";
import { storeListingImage } from "#app/models/properties/image-store.server";
import { samplePdf } from "#tests/fixtures/rental";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { leaseDocument, recordAcceptance } from "#app/models/documents/acceptance.server";
import { runReadjustments } from "#app/models/owners/readjustments.server";
import { cents } from "#app/models/shared/money";

// npm run backup / restore (app/models/ops): a backup taken while another
// process keeps writing rows and photos restores into an empty folder with
// every row that existed when it started and every file those rows name; a
// damaged archive or a running app is refused without touching anything.

const values: NewPropertyValues = {
  name: "Casa de teste",
  type: "Casa",
  status: "ready",
  category: "Imóveis Usados",
  location: "Rua A, 1 - Centro, Três Lagoas - MS",
  price: cents(350_000_00),
  area: 120,
  bedrooms: 3,
  suites: 1,
  bathrooms: 2,
  parking_spaces: 2,
  description: "Descrição de teste.",
  featured: false,
  standard: "MEDIO PADRÃO",
  is_exclusive: false,
  advertised_for: "COMPRA",
};

let temp: Awaited<ReturnType<typeof tempDatabase>>;
let root: string;
let uploads: string;
let baseline: string; // an archive of the setup data, taken without load

const photo = (width: number, background: string) =>
  sharp({ create: { width, height: 400, channels: 3, background } })
    .jpeg()
    .toBuffer();
const listingFile = (uploadsRoot: string, key: string, w: number) =>
  path.join(uploadsRoot, "public", "properties", `${key}-${w}.webp`);

function rowsOf(file: string, query: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare(query).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

// A second process writing like the app does (a photo file, then its row;
// deleting one of its own older properties every third time), until its stdin
// closes. Each line on stdout is one committed insert.
function startWriter() {
  const code = `
    const { openDatabase } = await import("#app/db/db.server");
    const { insertProperty, deletePropertyRow } = await import("#app/models/properties/admin/property-admin.server");
    const { storeListingImage, deleteListingImageFiles } = await import("#app/models/properties/image-store.server");
    const sharp = (await import("sharp")).default;
    const values = JSON.parse(process.env.WRITER_VALUES);
    const db = openDatabase(process.env.DATABASE_PATH);
    const photo = await sharp({ create: { width: 520, height: 300, channels: 3, background: "#4a8" } }).jpeg().toBuffer();
    let stop = false;
    process.stdin.on("end", () => (stop = true)).resume();
    const mine = [];
    for (let i = 0; !stop; i++) {
      const { id } = await insertProperty(db, { ...values, name: "Gravação " + i }, [await storeListingImage(photo)]);
      mine.push(id);
      if (i % 3 === 2) for (const img of (await deletePropertyRow(db, mine.shift())) ?? []) await deleteListingImageFiles(img);
      process.stdout.write(id + "\\n");
    }
    await db.destroy();
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    env: { ...process.env, DATABASE_PATH: temp.path, UPLOADS_DIR: uploads, WRITER_VALUES: JSON.stringify(values) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let inserts = 0;
  let firstInsert: () => void;
  const started = new Promise<void>((resolve) => (firstInsert = resolve));
  child.stdout.on("data", (chunk: Buffer) => {
    inserts += chunk.toString().split("\n").length - 1;
    if (inserts > 0) firstInsert();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    started,
    inserts: () => inserts,
    stop: async () => {
      child.stdin.end();
      return exited;
    },
  };
}

// Unpacks an archive, lets `change` alter it, packs it again.
function tamper(archive: string, name: string, change: (dir: string) => void) {
  const dir = fs.mkdtempSync(path.join(root, "tamper-"));
  execFileSync("tar", ["-xzf", archive, "-C", dir]);
  change(dir);
  const out = path.join(root, `${name}.tar.gz`);
  execFileSync("tar", ["-czf", out, "-C", dir, "manifest.json", "app.db", "uploads"]);
  return out;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  uploads = path.join(root, "uploads");
  // Read once by getEnv(): the stores write the photos here.
  vi.stubEnv("UPLOADS_DIR", uploads);
  // The readjustment's email below goes to a folder of the test's own.
  vi.stubEnv("OUTBOX_DIR", path.join(root, "outbox"));
  vi.stubEnv("SMTP_URL", "");
  temp = await tempDatabase("backup-");
  for (const [i, color] of ["#a33", "#3a3", "#33a", "#aa3"].entries()) {
    const images = [
      await storeListingImage(await photo(1000, color)),
      await storeListingImage(await photo(700, color)),
    ];
    await insertProperty(temp.db, { ...values, name: `Imóvel ${i}` }, images);
  }
  // An uploaded banner (desktop and mobile crops), as the banner form stores it.
  const banner = await storeBannerImages(await photo(1800, "#888"), undefined);
  await temp.db
    .updateTable("banners")
    .set({ image_url: banner.imageUrl, mobile_image_url: banner.mobileImageUrl })
    .where("id", "=", "banner-1")
    .execute();
  // One private file of every kind, stored by the app's own models.
  const client = await createClient(
    temp.db,
    {
      name: "Inquilina",
      email: "inquilina@teste.com.br",
      username: "inquilina",
      password: "senha-forte-123",
      payment_due_day: 5,
    },
    null,
  );
  if (!client.ok) throw new Error(client.message);
  const stored: { ok: boolean }[] = [
    await createContract(temp.db, { clientId: client.id, fileName: "contrato.pdf", bytes: samplePdf() }, null),
    // A guarantee's document (decision 0075).
    await createGuaranteeDocument(temp.db, { clientId: client.id, fileName: "apolice.pdf", bytes: samplePdf() }, null),
  ];
  const requestId = await createMaintenanceRequest(
    temp.db,
    client.id,
    { title: "Torneira", category: "general", priority: "medium", description: "Pinga." },
    [await photo(600, "#39c")],
  );
  stored.push(
    await addMaintenanceDocument(
      temp.db,
      { requestId, fileName: "orcamento.pdf", bytes: samplePdf("Orcamento") },
      null,
    ),
  );
  const billing = await createBilling(
    temp.db,
    { client_id: client.id, month_year: "2099-10", amount_cents: cents(125000), due_date: "2099-10-05" },
    null,
  );
  if (!billing.ok) throw new Error("billing");
  stored.push(
    await addBillingDocument(
      temp.db,
      { billingId: billing.id, fileName: "boleto.pdf", bytes: samplePdf("Boleto") },
      null,
    ),
  );
  // Paid: its numbered receipt is a private file too.
  const paid = await registerPayment(temp.db, billing.id, { payment_date: "2026-10-05", amount_paid: null }, null, {
    agency: { ...defaultAgency, cnpj: null },
    today: "2026-10-05",
  });
  if (!paid.ok) throw new Error("payment");
  // A tenant's proof of payment ("Já paguei") of a month still open: kept privately.
  const open = await createBilling(
    temp.db,
    { client_id: client.id, month_year: "2099-12", amount_cents: cents(125000), due_date: "2099-12-05" },
    null,
  );
  if (!open.ok) throw new Error("billing");
  const proof = await sendPaymentProof(
    temp.db,
    client.id,
    open.id,
    {
      fileName: "comprovante.pdf",
      bytes: samplePdf("Comprovante"),
      paid_on: null,
      amount_cents: null,
      note: null,
      op_key: "backup-proof",
    },
    { horizon: "2100-01-01", today: "2026-10-05" },
  );
  if (!proof.ok) throw new Error(proof.reason);
  // An imported bank statement (reconciliation) is kept privately as uploaded.
  const statement = await importStatement(temp.db, {
    fileName: "extrato.ofx",
    bytes: buildOfx({
      bankId: "001",
      acctId: "1",
      lines: [{ fitid: "1", date: "2026-10-05", amountCents: cents(100), memo: "PIX" }],
    }),
    actor: null,
    issueDays: 20,
    today: "2026-10-05",
  });
  if (!statement.ok) throw new Error(statement.message);
  // The owner's statement of that month, once the transfer is marked done.
  const owner = await createOwner(temp.db, ownerSchema.parse({ name: "Proprietária" }), null);
  await temp.db.updateTable("clients").set({ owner_id: owner }).where("id", "=", client.id).execute();
  const pending = await ownerStatement(temp.db, owner, "2026-10");
  const transfer = await markTransferDone(
    temp.db,
    owner,
    "2026-10",
    { transferredOn: "2026-10-05", expectedNetCents: pending!.statement.netCents },
    null,
    "2026-10-05",
  );
  if (!transfer.ok) throw new Error(transfer.reason);
  await drawStatementPdfs(temp.db); // its PDF, as the server draws it after
  // An informe de rendimentos asked for by email: its PDF, drawn for the email alone.
  await queueIncomeReports(temp.db, 2026, null);
  expect((await prepareIncomeReportEmails(temp.db)).queued).toBeGreaterThan(0);
  // A finalized inspection: an item's photo, a meter's photo and the report.
  const inspector = await temp.db.selectFrom("users").select(["id", "name"]).executeTakeFirstOrThrow();
  const inspection = (await createInspection(
    temp.db,
    { client_id: client.id, kind: "entrada", date: "2026-10-05" },
    inspector,
  ))!;
  await addRoom(temp.db, inspection, "Sala", null);
  for (const item of (await getInspection(temp.db, inspection))!.rooms[0].items) {
    await updateItem(temp.db, item.id, { name: item.name, condition: "bom" }, null);
    if (item.position === 0) await addItemPhotos(temp.db, item.id, [await photo(500, "#a63")], null);
  }
  const meter = await setMeterPhoto(temp.db, inspection, "agua", await photo(400, "#36a"), null);
  if (meter !== "ok") throw new Error(meter);
  const finalized = await finalizeInspection(temp.db, inspection, null, {
    agency: { ...defaultAgency, cnpj: null },
    today: "2026-10-05",
  });
  if (finalized !== "ok") throw new Error(finalized);
  const contestedItem = (await getInspection(temp.db, inspection))!.rooms[0].items[0].id;
  const contested = await contestItem(
    temp.db,
    client.id,
    contestedItem,
    { note: "Mancha antiga.", images: [await photo(300, "#333")] },
    { today: "2026-10-05", days: 7 },
  );
  if (contested !== "ok") throw new Error(contested);
  // A renewal (decision 0071): its Termo Aditivo.
  const renewed = await renewLease(
    temp.db,
    client.id,
    renewalSchema.parse({
      chave: "renovacao-backup-0001",
      new_end: "2029-12-31",
      effective_on: "2026-10-05",
      reason: "Renovação",
    }),
    null,
    { ...defaultAgency, cnpj: null },
    "2026-10-05",
  );
  if (!renewed.ok) throw new Error(renewed.reason);
  // The tenant's acceptance of the Termo Aditivo (decision 0080): its accepted version.
  const termo = await temp.db
    .selectFrom("issued_documents")
    .select("id")
    .where("kind", "=", "addendum")
    .where("ref_id", "=", renewed.id)
    .executeTakeFirstOrThrow();
  const accepted = await recordAcceptance(
    temp.db,
    (await leaseDocument(temp.db, client.id, termo.id))!,
    { userId: null, name: "Cliente", cpfCnpj: null, username: null, ip: "203.0.113.9", userAgent: "teste" },
    new Date("2026-10-06T12:00:00Z"),
  );
  if (accepted !== "ok") throw new Error(accepted);
  // A yearly readjustment, 30 days before the anniversary (decision 0041): its Aviso de Reajuste.
  const readjusted = await createClient(
    temp.db,
    {
      name: "Reajuste",
      email: "reajuste@teste.com",
      username: "reajuste",
      password: "senha1234",
      payment_due_day: 5,
      contract_start_date: "2025-12-10",
      monthly_rent: cents(100_000),
      readjustment_index: "IPCA",
      readjustment_lag_months: 0,
    },
    null,
  );
  if (!readjusted.ok) throw new Error("client");
  await temp.db
    .insertInto("index_values")
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        index_code: "IPCA" as const,
        month: i === 0 ? "2025-12" : `2026-${String(i).padStart(2, "0")}`,
        rate_ppm: 4000,
        source: "manual" as const,
        updated_at: "2026-11-01T00:00:00.000Z",
      })),
    )
    .execute();
  expect(await runReadjustments(temp.db, "2026-11-20", new Date("2026-11-20T15:00:00Z"))).toMatchObject({
    created: 1,
  });
  // A lease settled at its end (decision 0069): its Termo de Encerramento.
  const leaving = await createClient(
    temp.db,
    { name: "Saída", email: "saida@teste.com", username: "saida", password: "senha1234", payment_due_day: 5 },
    null,
  );
  if (!leaving.ok) throw new Error("client");
  await endContract(temp.db, leaving.id, { ended_on: "2026-10-05" }, null, "2026-10-05");
  const settled = await settleLease(
    temp.db,
    leaving.id,
    {
      intent: "settle",
      chave: "acerto-backup-0000001",
      fineRents: 0,
      exempt: false,
      cautionCents: cents(0),
      repairs: [],
    },
    null,
    { agency: { ...defaultAgency, cnpj: null }, pdfAgency: { ...defaultAgency, cnpj: null }, today: "2026-10-05" },
  );
  if (!settled.ok) throw new Error(settled.reason);
  const reading = {
    due_date: "2099-11-05",
    amount_cents: cents(125000),
    month_year: "2099-11",
    digitable_line: null,
    source: "text",
  };
  stored.push(
    await createBoletoDraft(
      temp.db,
      { clientId: client.id, fileName: "fila.pdf", bytes: samplePdf("Fila"), reading },
      null,
    ),
  );
  expect(stored.every((r) => r.ok)).toBe(true);
  baseline = (
    await createBackup({ databasePath: temp.path, uploadsDir: uploads, backupDir: path.join(root, "baseline") })
  ).file;
}, 60_000);

afterAll(async () => {
  await temp?.cleanup();
  if (root) fs.rmSync(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

it("backs up while another process writes, and restores every row and file into an empty folder", async () => {
  const writer = startWriter();
  await writer.started;
  // What exists when the backup starts (the writer deletes only its own rows).
  const properties = await temp.db
    .selectFrom("properties")
    .select(["id", "property_code", "name"])
    .where("name", "not like", "Gravação%")
    .orderBy("id")
    .execute();
  const images = await temp.db
    .selectFrom("property_images")
    .select(["property_id", "file_key", "widths"])
    .where(
      "property_id",
      "in",
      properties.map((p) => p.id),
    )
    .orderBy("id")
    .execute();
  const banner = await temp.db
    .selectFrom("banners")
    .select(["image_url", "mobile_image_url"])
    .where("id", "=", "banner-1")
    .executeTakeFirstOrThrow();
  const insertsBefore = writer.inserts();

  let backup;
  try {
    backup = await createBackup({
      databasePath: temp.path,
      uploadsDir: uploads,
      backupDir: path.join(root, "backups"),
    });
  } finally {
    const insertsDuring = writer.inserts() - insertsBefore;
    expect(await writer.stop()).toBe(0);
    expect(insertsDuring, "the writer kept committing while the backup ran").toBeGreaterThan(0);
  }
  expect(path.basename(backup.file)).toMatch(/^backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz$/);
  expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);
  expect(backup.manifest.missing_files).toEqual([]);

  const fresh = path.join(root, "fresh");
  const restoredDb = path.join(fresh, "data", "app.db");
  const restoredUploads = path.join(fresh, "uploads");
  const result = await restoreBackup({ archive: backup.file, databasePath: restoredDb, uploadsDir: restoredUploads });
  expect(result.previous).toEqual([]);

  expect(rowsOf(restoredDb, "pragma integrity_check")).toEqual([{ integrity_check: "ok" }]);
  expect(rowsOf(restoredDb, "pragma foreign_key_check")).toEqual([]);
  // The snapshot is one instant: its counts are the manifest's.
  for (const [table, n] of Object.entries(backup.manifest.database.rows)) {
    expect(rowsOf(restoredDb, `select count(*) as n from "${table}"`), table).toEqual([{ n }]);
  }
  expect(
    rowsOf(restoredDb, "select id, property_code, name from properties where name not like 'Gravação%' order by id"),
  ).toEqual(properties);
  expect(
    rowsOf(
      restoredDb,
      `select property_id, file_key, widths from property_images where property_id in (${properties.map((p) => p.id).join(",")}) order by id`,
    ),
  ).toEqual(images);

  // The setup's photos come back byte for byte; every image row, the writer's
  // included, finds its files.
  for (const img of images) {
    for (const w of JSON.parse(img.widths) as number[]) {
      expect(
        fs
          .readFileSync(listingFile(restoredUploads, img.file_key, w))
          .equals(fs.readFileSync(listingFile(uploads, img.file_key, w))),
      ).toBe(true);
    }
  }
  const allImages = rowsOf(restoredDb, "select file_key, widths from property_images") as {
    file_key: string;
    widths: string;
  }[];
  expect(allImages.length).toBeGreaterThan(images.length);
  for (const img of allImages) {
    for (const w of JSON.parse(img.widths) as number[])
      expect(fs.existsSync(listingFile(restoredUploads, img.file_key, w)), `${img.file_key}-${w}`).toBe(true);
  }
  for (const url of [banner.image_url, banner.mobile_image_url]) {
    expect(url).toMatch(/^\/uploads\/banners\//);
    expect(fs.existsSync(path.join(restoredUploads, "public", url.replace(/^\/uploads\//, "")))).toBe(true);
  }
  // What the restored file holds is what the app can open.
  const app = openDatabase(restoredDb);
  expect((await app.selectFrom("properties").select("id").execute()).length).toBe(
    backup.manifest.database.rows.properties,
  );
  await app.destroy();
}, 120_000);

describe("refuses a damaged archive and leaves the target as it was", () => {
  const target = () => {
    const dir = fs.mkdtempSync(path.join(root, "target-"));
    return { dir, databasePath: path.join(dir, "app.db"), uploadsDir: path.join(dir, "uploads") };
  };
  async function refusal(archive: string) {
    const t = target();
    const error = await restoreBackup({ archive, databasePath: t.databasePath, uploadsDir: t.uploadsDir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect(fs.readdirSync(t.dir), "nothing written to the target").toEqual([]);
    return (error as BackupError).problems.join("\n");
  }

  it("a photo a row names is missing", async () => {
    const { file_key, widths } = await temp.db
      .selectFrom("property_images")
      .select(["file_key", "widths"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const w = (JSON.parse(widths) as number[])[0];
    const archive = tamper(baseline, "missing-photo", (dir) =>
      fs.rmSync(listingFile(path.join(dir, "uploads"), file_key, w)),
    );
    expect(await refusal(archive)).toContain(`falta uploads/public/properties/${file_key}-${w}.webp`);
  });

  it("a private file of any kind is missing: contract, maintenance photo and document, boleto, queued boleto, receipt, payment proof, statements, inspection photo, meter photo, report, contest photo, an email's informe, a Termo Aditivo, a Termo de Encerramento, an Aviso de Reajuste and a guarantee's document", async () => {
    for (const kind of PRIVATE_FILE_KINDS) {
      const [row] = await kind.rows(temp.db);
      expect(row, kind.describe(0, 0)).toBeDefined();
      const archive = tamper(baseline, `missing-${row.file_key}`, (dir) =>
        fs.rmSync(path.join(dir, "uploads", "private", row.file_key)),
      );
      expect(await refusal(archive)).toContain(
        `falta uploads/private/${row.file_key} (${kind.describe(row.id, row.owner)})`,
      );
    }
  });

  it("an uploaded banner image is missing", async () => {
    const { image_url } = await temp.db
      .selectFrom("banners")
      .select("image_url")
      .where("id", "=", "banner-1")
      .executeTakeFirstOrThrow();
    const archive = tamper(baseline, "missing-banner", (dir) =>
      fs.rmSync(path.join(dir, "uploads", "public", image_url.replace(/^\/uploads\//, ""))),
    );
    expect(await refusal(archive)).toContain(
      `falta uploads/public/${image_url.replace(/^\/uploads\//, "")} (banner banner-1)`,
    );
  });

  it("the database is corrupt (integrity_check), or differs from the manifest's sha256", async () => {
    const corrupt = (dir: string) => {
      const file = path.join(dir, "app.db");
      const bytes = fs.readFileSync(file);
      // Garbage over every page but the first (the schema stays readable).
      for (let i = 4096; i < bytes.length; i += 7) bytes[i] = (i * 31) & 0xff;
      fs.writeFileSync(file, bytes);
    };
    const fixedSha = tamper(baseline, "corrupt-db", (dir) => {
      corrupt(dir);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
      manifest.database.sha256 = createHash("sha256")
        .update(fs.readFileSync(path.join(dir, "app.db")))
        .digest("hex");
      fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    });
    const problems = await refusal(fixedSha);
    expect(problems).toMatch(/integrity_check|não pôde ser lido/);
    expect(problems).not.toContain("sha256");

    expect(await refusal(tamper(baseline, "changed-db", corrupt))).toContain("sha256 do manifesto");
    const notAnArchive = path.join(root, "not-an-archive.tar.gz");
    fs.writeFileSync(notAnArchive, "isto não é um backup");
    const t = target();
    await expect(
      restoreBackup({ archive: notAnArchive, databasePath: t.databasePath, uploadsDir: t.uploadsDir }),
    ).rejects.toThrow(/Não foi possível extrair/);
  });
});

it("refuses while the database is open elsewhere; afterwards keeps the previous files beside the restored ones", async () => {
  const dir = fs.mkdtempSync(path.join(root, "live-"));
  const live = { databasePath: path.join(dir, "app.db"), uploadsDir: path.join(dir, "uploads") };
  await restoreBackup({ archive: baseline, ...live });
  fs.writeFileSync(path.join(live.uploadsDir, "marker.txt"), "antes");

  // The running app: a connection that has read the database.
  const app: Kysely<Database> = openDatabase(live.databasePath);
  await app.selectFrom("properties").select("id").execute();
  const now = new Date("2026-11-22T15:30:00Z");
  await expect(restoreBackup({ archive: baseline, ...live, now })).rejects.toThrow(/está aberto por outro processo/);
  expect(fs.existsSync(path.join(live.uploadsDir, "marker.txt"))).toBe(true);
  await app.destroy();

  const result = await restoreBackup({ archive: baseline, ...live, now });
  const previousDb = `${live.databasePath}.before-restore-2026-11-22T153000Z`;
  const previousUploads = `${live.uploadsDir}.before-restore-2026-11-22T153000Z`;
  expect(result.previous).toEqual(expect.arrayContaining([previousDb, previousUploads]));
  expect(fs.readFileSync(path.join(previousUploads, "marker.txt"), "utf8")).toBe("antes");
  expect(fs.existsSync(path.join(live.uploadsDir, "marker.txt"))).toBe(false);
  expect(rowsOf(previousDb, "select count(*) as n from properties")).toEqual([{ n: 4 }]);
  expect(fs.readdirSync(dir).filter((n) => n.startsWith(".restore-"))).toEqual([]);
});

// Last: it removes a photo from the live folder the tests above read.
it("a file the live site already lacks is listed in the manifest; restore takes it only with acceptMissing", async () => {
  const { file_key, widths } = await temp.db
    .selectFrom("property_images")
    .select(["file_key", "widths"])
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const w = (JSON.parse(widths) as number[])[0];
  fs.rmSync(listingFile(uploads, file_key, w));
  // And a contract moved away (the probe's case).
  const contract = await temp.db.selectFrom("contracts").select("file_key").executeTakeFirstOrThrow();
  fs.renameSync(path.join(uploads, "private", contract.file_key), path.join(root, "moved-away.pdf"));
  const { file, manifest } = await createBackup({
    databasePath: temp.path,
    uploadsDir: uploads,
    backupDir: path.join(root, "incomplete"),
  });
  expect(manifest.missing_files.sort()).toEqual([
    `private/${contract.file_key}`,
    `public/properties/${file_key}-${w}.webp`,
  ]);

  const dir = fs.mkdtempSync(path.join(root, "accept-"));
  const target = { databasePath: path.join(dir, "app.db"), uploadsDir: path.join(dir, "uploads") };
  const refused = expect.stringContaining("--aceitar-faltantes");
  await expect(restoreBackup({ archive: file, ...target })).rejects.toMatchObject({ problems: [refused, refused] });
  expect(fs.readdirSync(dir)).toEqual([]);
  await restoreBackup({ archive: file, ...target, acceptMissing: true });
  expect(
    rowsOf(target.databasePath, `select count(*) as n from property_images where file_key = '${file_key}'`),
  ).toEqual([{ n: 1 }]);
});
