import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { addBillingDocument } from "#app/models/billing/documents.server";
import { createBoletoDraft } from "#app/models/boletos/queue.server";
import { createClient } from "#app/models/clients/clients.server";
import { createContract } from "#app/models/contracts/contracts.server";
import { leaseDocument, recordAcceptance } from "#app/models/documents/acceptance.server";
import { newVerification, registerDocument } from "#app/models/documents/registry.server";
import * as access from "#app/models/files/access.server";
import {
  findAddendumFile,
  findBillingDocumentFile,
  findContestPhotoFile,
  findContractFile,
  findGuaranteeDocumentFile,
  findInspectionPhotoFile,
  findInspectionReportFile,
  findMaintenanceDocumentFile,
  findMaintenanceImageFile,
  findMeterPhotoFile,
  findOwnerStatementFile,
  findPaymentProofFile,
  findQueuedBoletoFile,
  findReadjustmentNoticeFile,
  findReceiptFile,
  findSettlementFile,
  findStatementFile,
  type FileViewer,
  type PrivateFile,
} from "#app/models/files/access.server";
import { PRIVATE_FILE_KINDS } from "#app/models/files/private-kinds.server";
import { storePrivateFile } from "#app/models/files/private-store.server";
import { createGuaranteeDocument } from "#app/models/guarantees/documents.server";
import { addMaintenanceDocument } from "#app/models/maintenance/admin.server";
import { createMaintenanceRequest } from "#app/models/maintenance/requests.server";
import { leaseOwnersSchema } from "#app/models/owners/lease-owners.schema";
import { saveLeaseOwners } from "#app/models/owners/lease-owners.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { cents, ZERO_CENTS } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Who reads which private file (docs/decisions/0024-private-files.md, owners:
// decision 0077), as one matrix: every kind of private file, asked for by
// every kind of person, at the finders the file routes call. One lease, L_A,
// holds every tenant-side file; its tenant is tenant A, its owners O1 (60%)
// and O2 (40%). Another lease, L_B, has tenant B and owner O3, and one login
// may be tenant B and owner O3 at once. The rules:
// - staff reads everything (a voided receipt too, stamped);
// - tenant A reads L_A's tenant-side files (the receipt in force, not a voided
//   one; an inspection's photos once it is finalized), never a boleto still in
//   the boleto flow, a bank statement import or an owner statement, not even
//   the statement that lists tenant A's own rent;
// - an owner of L_A reads L_A's contract and inspection report and their own
//   statement, nothing else of L_A and no other owner's statement;
// - tenant B, owner O3, and tenant B who is owner O3 read nothing of L_A.
// Rows a model writes simply are written through it; the long-winded ones
// (statements, Termos, a readjustment, inspections, receipts) are inserted as rows with
// made-up keys: the finders only read rows (an owner statement's PDF is drawn
// only when its key is pending, and none here is). The accepted report is
// the exception: its acceptance draws on a real PDF, stored as its report.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-file-matrix-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const NOW = new Date().toISOString();

// Leases (clients rows) and owners, numbered apart on purpose (filler clients
// first): a finder comparing an owner id with a lease id finds nothing.
const people = { leaseA: 0, leaseB: 0, o1: 0, o2: 0, o3: 0 };

type Finder = (db: Kysely<Database>, id: number, viewer: FileViewer) => Promise<PrivateFile | null>;

const VIEWERS = {
  staff: (): FileViewer => ({ kind: "staff" }),
  "tenant A": (): FileViewer => ({ kind: "client", clientId: people.leaseA, otherLeaseIds: [], ownerId: null }),
  "tenant B": (): FileViewer => ({ kind: "client", clientId: people.leaseB, otherLeaseIds: [], ownerId: null }),
  "owner O1": (): FileViewer => ({ kind: "client", clientId: null, otherLeaseIds: [], ownerId: people.o1 }),
  "owner O2": (): FileViewer => ({ kind: "client", clientId: null, otherLeaseIds: [], ownerId: people.o2 }),
  "owner O3": (): FileViewer => ({ kind: "client", clientId: null, otherLeaseIds: [], ownerId: people.o3 }),
  "tenant B who is owner O3": (): FileViewer => ({
    kind: "client",
    clientId: people.leaseB,
    otherLeaseIds: [],
    ownerId: people.o3,
  }),
  // A client login with neither a lease nor an owner (none is served one, but
  // the type allows it): reads nothing.
  "a login with no lease and no owner": (): FileViewer => ({ kind: "client", clientId: null, ownerId: null }),
} as const;
type ViewerName = keyof typeof VIEWERS;
const VIEWER_NAMES = Object.keys(VIEWERS) as ViewerName[];

// One file of the matrix: the table its row is in (as PRIVATE_FILE_KINDS reads
// it), the finder its route calls, and who may read it. id and key are filled
// in beforeAll.
type FileCase = {
  file: string;
  table: keyof Database;
  find: Finder;
  readers: ViewerName[];
  row: { id: number; key: string };
};
const fileCase = (file: string, table: keyof Database, find: Finder, readers: ViewerName[]): FileCase => ({
  file,
  table,
  find,
  readers,
  row: { id: 0, key: "" },
});

const FILES = {
  contract: fileCase("the contract of L_A", "contracts", findContractFile, [
    "staff",
    "tenant A",
    "owner O1",
    "owner O2",
  ]),
  guarantee: fileCase("a guarantee document of L_A", "guarantee_documents", findGuaranteeDocumentFile, [
    "staff",
    "tenant A",
  ]),
  maintenanceImage: fileCase("a maintenance image of L_A", "maintenance_images", findMaintenanceImageFile, [
    "staff",
    "tenant A",
  ]),
  maintenanceDocument: fileCase("a maintenance document of L_A", "maintenance_documents", findMaintenanceDocumentFile, [
    "staff",
    "tenant A",
  ]),
  billingDocument: fileCase("a billing's boleto of L_A", "billing_documents", findBillingDocumentFile, [
    "staff",
    "tenant A",
  ]),
  queuedBoleto: fileCase("a queued boleto of L_A", "boleto_queue", findQueuedBoletoFile, ["staff"]),
  receipt: fileCase("a receipt in force of L_A", "billing_receipts", findReceiptFile, ["staff", "tenant A"]),
  voidedReceipt: fileCase("a voided receipt of L_A", "billing_receipts", findReceiptFile, ["staff"]),
  paymentProof: fileCase("a payment proof of L_A", "payment_proofs", findPaymentProofFile, ["staff", "tenant A"]),
  statementImport: fileCase("a bank statement import", "statement_imports", findStatementFile, ["staff"]),
  statementO1: fileCase("an owner statement of O1 (listing L_A's rent)", "owner_statements", findOwnerStatementFile, [
    "staff",
    "owner O1",
  ]),
  statementO2: fileCase("an owner statement of O2 (listing L_A's rent)", "owner_statements", findOwnerStatementFile, [
    "staff",
    "owner O2",
  ]),
  statementO3: fileCase("an owner statement of O3 (listing L_B's rent)", "owner_statements", findOwnerStatementFile, [
    "staff",
    "owner O3",
    "tenant B who is owner O3",
  ]),
  settlement: fileCase("the settlement (Termo de Encerramento) of L_A", "lease_settlements", findSettlementFile, [
    "staff",
    "tenant A",
  ]),
  addendum: fileCase("an addendum (Termo Aditivo) of L_A", "lease_versions", findAddendumFile, ["staff", "tenant A"]),
  readjustmentNotice: fileCase(
    "a readjustment notice (Aviso de Reajuste) of L_A",
    "readjustments",
    findReadjustmentNoticeFile,
    ["staff", "tenant A"],
  ),
  inspectionPhoto: fileCase("a photo of L_A's finalized inspection", "inspection_photos", findInspectionPhotoFile, [
    "staff",
    "tenant A",
  ]),
  draftInspectionPhoto: fileCase(
    "a photo of L_A's inspection not yet finalized",
    "inspection_photos",
    findInspectionPhotoFile,
    ["staff"],
  ),
  meterPhoto: fileCase("a meter photo of L_A's finalized inspection", "inspection_meter_photos", findMeterPhotoFile, [
    "staff",
    "tenant A",
  ]),
  draftMeterPhoto: fileCase(
    "a meter photo of L_A's inspection not yet finalized",
    "inspection_meter_photos",
    findMeterPhotoFile,
    ["staff"],
  ),
  inspectionReport: fileCase("the inspection report of L_A", "inspections", findInspectionReportFile, [
    "staff",
    "tenant A",
    "owner O1",
    "owner O2",
  ]),
  // Accepted (decision 0080): the report's route serves the version with the
  // "Registro de aceite" page, to the same people.
  acceptedReport: fileCase("the accepted inspection report of L_A", "document_acceptances", findInspectionReportFile, [
    "staff",
    "tenant A",
    "owner O1",
    "owner O2",
  ]),
  contestPhoto: fileCase("a contest photo of L_A", "inspection_contest_photos", findContestPhotoFile, [
    "staff",
    "tenant A",
  ]),
};
const FILE_CASES = Object.values(FILES);

// Private files no route serves (no finder): the kind's table and why.
const NOT_SERVED: Partial<Record<keyof Database, string>> = {
  email_outbox: "an email's attachments (informes de rendimentos) are sent, never served by a file route",
};

async function newClient(name: string, n: number) {
  const created = await createClient(
    db,
    { name, email: `m${n}@teste.com`, username: `matriz${n}`, password: "senha1234", payment_due_day: 5 },
    null,
  );
  if (!created.ok) throw new Error(`client ${name}`);
  return created.id;
}

async function newOwner(name: string) {
  return createOwner(db, ownerSchema.parse({ name }), null);
}

async function setOwners(lease: number, form: Record<string, string>) {
  const saved = await saveLeaseOwners(db, lease, leaseOwnersSchema.parse(form), null);
  if (!saved.ok) throw new Error(`owners of ${lease}`);
}

const fileColumns = (key: string, name: string) => ({
  file_key: key,
  file_name: name,
  mime_type: "application/pdf",
  size: 100,
});

async function inspection(lease: number, finalized: boolean, tag: string) {
  const { id } = await db
    .insertInto("inspections")
    .values({
      client_id: lease,
      kind: finalized ? "entrada" : "saida",
      date: "2026-01-10",
      inspector_name: "Vistoriador",
      finalized_at: finalized ? NOW : null,
      report_key: finalized ? `matrix-report-${tag}.pdf` : null,
      report_size: finalized ? 100 : null,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const room = await db
    .insertInto("inspection_rooms")
    .values({ inspection_id: id, name: "Sala", position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const item = await db
    .insertInto("inspection_items")
    .values({ room_id: room.id, name: "Piso", condition: "bom", position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const photo = await db
    .insertInto("inspection_photos")
    .values({ item_id: item.id, file_key: `matrix-photo-${tag}.webp`, width: 8, height: 6, created_at: NOW })
    .returning(["id", "file_key"])
    .executeTakeFirstOrThrow();
  const meter = await db
    .insertInto("inspection_meter_photos")
    .values({
      inspection_id: id,
      meter: "agua",
      file_key: `matrix-meter-${tag}.webp`,
      width: 8,
      height: 6,
      created_at: NOW,
    })
    .returning(["id", "file_key"])
    .executeTakeFirstOrThrow();
  return {
    id,
    item: item.id,
    photo: { id: photo.id, key: photo.file_key },
    meter: { id: meter.id, key: meter.file_key },
  };
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-file-matrix-"));
  for (const n of [1, 2, 3, 4, 5]) await newClient(`Enchimento ${n}`, n);
  people.leaseA = await newClient("Ana Inquilina (L_A)", 6);
  people.leaseB = await newClient("Bruno Inquilino (L_B)", 7);
  people.o1 = await newOwner("Olga Proprietária");
  people.o2 = await newOwner("Oscar Coproprietário");
  people.o3 = await newOwner("Otávio Proprietário");
  await setOwners(people.leaseA, {
    owner_1: String(people.o1),
    share_1: "60",
    owner_2: String(people.o2),
    share_2: "40",
  });
  await setOwners(people.leaseB, { owner_1: String(people.o3), share_1: "100" });
  const A = people.leaseA;

  const contract = await createContract(db, { clientId: A, fileName: "Contrato L_A.pdf", bytes: PDF }, null);
  if (!contract.ok) throw new Error("contract");
  FILES.contract.row.id = contract.id;

  const guarantee = await createGuaranteeDocument(db, { clientId: A, fileName: "fiador.pdf", bytes: PDF }, null);
  if (!guarantee.ok) throw new Error("guarantee document");
  FILES.guarantee.row.id = guarantee.id;

  const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#c85028" } })
    .jpeg()
    .toBuffer();
  const request = await createMaintenanceRequest(
    db,
    A,
    { title: "Torneira", description: "Pinga.", category: "plumbing", priority: "medium" },
    [jpeg],
  );
  FILES.maintenanceImage.row.id = (
    await db.selectFrom("maintenance_images").select("id").where("request_id", "=", request).executeTakeFirstOrThrow()
  ).id;
  const document = await addMaintenanceDocument(db, { requestId: request, fileName: "laudo.pdf", bytes: PDF }, null);
  if (!document.ok) throw new Error("maintenance document");
  FILES.maintenanceDocument.row.id = document.id;

  const billing = await createBilling(
    db,
    { client_id: A, month_year: "2026-10", amount_cents: cents(100), due_date: "2026-10-05" },
    null,
  );
  if (!billing.ok) throw new Error("billing");
  const boleto = await addBillingDocument(db, { billingId: billing.id, fileName: "boleto.pdf", bytes: PDF }, null);
  if (!boleto.ok) throw new Error("billing document");
  FILES.billingDocument.row.id = boleto.id;

  const queued = await createBoletoDraft(
    db,
    {
      clientId: A,
      fileName: "boleto na fila.pdf",
      bytes: PDF,
      reading: {
        due_date: "2026-11-05",
        amount_cents: cents(100),
        month_year: "2026-11",
        digitable_line: null,
        source: "text",
      },
    },
    null,
  );
  if (!queued.ok) throw new Error("queued boleto");
  FILES.queuedBoleto.row.id = queued.id;

  const receipt = (key: string, voided: boolean) =>
    db
      .insertInto("billing_receipts")
      .values({
        billing_id: billing.id,
        payment_date: "2026-10-05",
        days_late: 0,
        late_fee_bp: 0,
        monthly_interest_bp: 0,
        rent_cents: cents(10_000),
        late_fee_cents: ZERO_CENTS,
        interest_cents: ZERO_CENTS,
        adjustment_cents: ZERO_CENTS,
        total_cents: cents(10_000),
        ...fileColumns(key, `recibo ${key}.pdf`),
        created_at: NOW,
        voided_at: voided ? NOW : null,
        void_reason: voided ? "Estorno" : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  FILES.voidedReceipt.row.id = (await receipt("matrix-receipt-voided.pdf", true)).id;
  FILES.receipt.row.id = (await receipt("matrix-receipt.pdf", false)).id;

  FILES.paymentProof.row.id = (
    await db
      .insertInto("payment_proofs")
      .values({
        billing_id: billing.id,
        client_id: A,
        ...fileColumns("matrix-proof.pdf", "comprovante.pdf"),
        op_key: "matrix-proof",
        sent_at: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  FILES.statementImport.row.id = (
    await db
      .insertInto("statement_imports")
      .values({
        kind: "ofx",
        ...fileColumns("matrix-statement.ofx", "extrato.ofx"),
        lines_count: 1,
        credits_count: 1,
        exact_count: 0,
        probable_count: 0,
        already_count: 0,
        created_by_name: "Ana Staff",
        created_at: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  const ownerStatement = async (owner: number, lease: number, shareCents: number, key: string) =>
    (
      await db
        .insertInto("owner_statements")
        .values({
          owner_id: owner,
          month: "2026-10",
          gross_cents: cents(shareCents),
          charges_cents: ZERO_CENTS,
          admin_fee_cents: ZERO_CENTS,
          first_rent_fee_cents: ZERO_CENTS,
          net_cents: cents(shareCents),
          items: JSON.stringify([{ billing_id: billing.id, client_id: lease, amount_cents: shareCents }]),
          transferred_on: "2026-10-10",
          created_by_name: "Ana Staff",
          created_at: NOW,
          ...fileColumns(key, `Extrato ${key}.pdf`),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  FILES.statementO1.row.id = await ownerStatement(people.o1, A, 6_000, "matrix-owner-statement-o1.pdf");
  FILES.statementO2.row.id = await ownerStatement(people.o2, A, 4_000, "matrix-owner-statement-o2.pdf");
  FILES.statementO3.row.id = await ownerStatement(people.o3, people.leaseB, 10_000, "matrix-owner-statement-o3.pdf");

  FILES.settlement.row.id = (
    await db
      .insertInto("lease_settlements")
      .values({
        client_id: A,
        returned_on: "2026-12-01",
        fine_rents: 0,
        fine_exempt: 1,
        fine_cents: ZERO_CENTS,
        unused_cents: ZERO_CENTS,
        repairs: "[]",
        caution_cents: ZERO_CENTS,
        owed_after_cents: ZERO_CENTS,
        to_return_cents: ZERO_CENTS,
        lines: "[]",
        ...fileColumns("matrix-settlement.pdf", "Termo de Encerramento.pdf"),
        created_by_name: "Ana Staff",
        created_at: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  FILES.addendum.row.id = (
    await db
      .insertInto("lease_versions")
      .values({
        client_id: A,
        kind: "aditivo",
        effective_on: "2026-06-01",
        reason: "Novo aluguel",
        before: "{}",
        after: "{}",
        ...fileColumns("matrix-addendum.pdf", "Termo Aditivo.pdf"),
        created_by_name: "Ana Staff",
        created_at: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  // The notice's key is notice_key: set here, as the kinds list reads it.
  FILES.readjustmentNotice.row = {
    id: (
      await db
        .insertInto("readjustments")
        .values({
          client_id: A,
          anniversary: "2026-12-10",
          index_code: "IGPM",
          first_month: "2025-12",
          last_month: "2026-11",
          accumulated_ppm: 50_000,
          old_rent_cents: cents(1_000),
          new_rent_cents: cents(1_050),
          created_at: NOW,
          notice_key: "matrix-readjustment-notice.pdf",
          notice_size: 100,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
    key: "matrix-readjustment-notice.pdf",
  };

  const finalized = await inspection(A, true, "final");
  const draft = await inspection(A, false, "draft");
  FILES.inspectionPhoto.row = finalized.photo;
  FILES.meterPhoto.row = finalized.meter;
  FILES.draftInspectionPhoto.row = draft.photo;
  FILES.draftMeterPhoto.row = draft.meter;
  FILES.inspectionReport.row.id = finalized.id;
  const contest = await db
    .insertInto("inspection_contests")
    .values({ item_id: finalized.item, note: "O piso já estava riscado.", created_at: NOW })
    .returning("id")
    .executeTakeFirstOrThrow();
  FILES.contestPhoto.row.id = (
    await db
      .insertInto("inspection_contest_photos")
      .values({ contest_id: contest.id, file_key: "matrix-contest.webp", width: 8, height: 6, created_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

  // Another finalized inspection of L_A, its report a real PDF (the
  // acceptance appends a page to it), registered and accepted by tenant A.
  const accepted = await inspection(A, true, "accepted");
  const blank = await PDFDocument.create();
  blank.addPage();
  const reportBytes = await blank.save();
  const reportKey = await storePrivateFile(reportBytes, ".pdf");
  await db.updateTable("inspections").set({ report_key: reportKey }).where("id", "=", accepted.id).execute();
  const docId = await registerDocument(
    db,
    newVerification(),
    {
      kind: "inspection_report",
      refId: accepted.id,
      title: `Relatório de Vistoria nº ${accepted.id}`,
      issuedOn: "2026-01-10",
      parties: "Ana",
    },
    reportBytes,
  );
  const doc = await leaseDocument(db, A, docId);
  if (!doc) throw new Error("accepted report's document");
  const accepter = {
    userId: null,
    name: "Ana Inquilina (L_A)",
    cpfCnpj: null,
    username: null,
    ip: null,
    userAgent: null,
  };
  if ((await recordAcceptance(db, doc, accepter, new Date())) !== "ok") throw new Error("acceptance");
  FILES.acceptedReport.row = {
    id: accepted.id,
    key: (
      await db
        .selectFrom("document_acceptances")
        .select("file_key")
        .where("document_id", "=", docId)
        .executeTakeFirstOrThrow()
    ).file_key,
  };

  // Every row's key as the kinds list reads it (the report's is report_key).
  for (const c of FILE_CASES) {
    if (c.row.key) continue;
    if (c.table === "inspections") {
      c.row.key = (
        await db.selectFrom("inspections").select("report_key").where("id", "=", c.row.id).executeTakeFirstOrThrow()
      ).report_key!;
    } else {
      const row = await db
        .selectFrom(c.table as "contracts")
        .select("file_key")
        .where("id", "=", c.row.id)
        .executeTakeFirstOrThrow();
      c.row.key = row.file_key;
    }
  }
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe.each(VIEWER_NAMES)("%s", (viewer) => {
  const rows = FILE_CASES.map((c) => {
    const may = c.readers.includes(viewer);
    return { c, may, title: `${viewer} ${may ? "must read" : "must not read"} ${c.file}` };
  });
  const check = async ({ c, may, title }: (typeof rows)[number]) => {
    const found = await c.find(db, c.row.id, VIEWERS[viewer]());
    if (may) expect(found?.file_key, title).toBe(c.row.key);
    else expect(found, title).toBeNull();
  };
  it.each(rows)("$title", check);
});

describe("the matrix itself", () => {
  it("names only viewers that exist, and every file is read by staff", () => {
    for (const c of FILE_CASES) {
      for (const r of c.readers) expect(VIEWER_NAMES, c.file).toContain(r);
      expect(c.readers, c.file).toContain("staff");
    }
  });

  it("staff reads a voided receipt stamped as cancelled, the one in force unstamped", async () => {
    const staff = VIEWERS.staff();
    expect((await findReceiptFile(db, FILES.voidedReceipt.row.id, staff))?.stamp?.[0]).toBe("CANCELADO");
    expect((await findReceiptFile(db, FILES.receipt.row.id, staff))?.stamp).toBeUndefined();
  });

  it("has a row for every finder of access.server.ts", () => {
    const finders = Object.entries(access).filter(([name, v]) => typeof v === "function" && /^find\w+File$/.test(name));
    expect(finders.length).toBeGreaterThan(0);
    for (const [name, finder] of finders)
      expect(
        FILE_CASES.some((c) => c.find === finder),
        `${name} has no row in the file access matrix`,
      ).toBe(true);
  });

  it("has a row for every kind of PRIVATE_FILE_KINDS (a new kind must join the matrix)", async () => {
    // Which table each kind reads: the table its rows() selects from.
    const kindTables: string[] = [];
    for (const kind of PRIVATE_FILE_KINDS) {
      const tables: string[] = [];
      const spy = new Proxy(db, {
        get(target, prop) {
          if (prop === "selectFrom")
            return (table: string) => {
              tables.push(table);
              return target.selectFrom(table as "contracts");
            };
          const value = Reflect.get(target, prop, target) as unknown;
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      await kind.rows(spy);
      expect(tables, `the kind "${kind.describe(1, 1)}" selects from one table`).toHaveLength(1);
      kindTables.push(tables[0]);
    }
    for (const table of kindTables)
      expect(
        FILE_CASES.some((c) => c.table === table) || table in NOT_SERVED,
        `the private file kind of table ${table} has no row in the file access matrix`,
      ).toBe(true);
    for (const c of FILE_CASES) expect(kindTables, `${c.file}: not a kind of PRIVATE_FILE_KINDS`).toContain(c.table);
  });

  it("every file of the matrix is a private file the kinds list finds", async () => {
    const keys = new Set<string>();
    for (const kind of PRIVATE_FILE_KINDS) for (const r of await kind.rows(db)) keys.add(r.file_key);
    for (const c of FILE_CASES) expect(keys.has(c.row.key), `${c.file} (${c.row.key})`).toBe(true);
  });
});
