import { PDF_DRAWN } from "#app/models/owners/statement-pdf-pending";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";

// The private files (private-store.server.ts): every table whose rows name
// one, with the row as an operator reads it. The backup's check
// (app/models/ops/inspect.server.ts) and the sweep of files without a row
// (orphans.server.ts) both read this list: a new kind of private file joins it.
type PrivateFileKind = {
  rows: (db: Kysely<Database>) => Promise<{ id: number; owner: number; file_key: string }[]>;
  describe: (id: number, owner: number) => string;
};
export const PRIVATE_FILE_KINDS: PrivateFileKind[] = [
  {
    rows: (db) => db.selectFrom("contracts").select(["id", "client_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `contrato ${id} do cliente ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("guarantee_documents").select(["id", "client_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `documento ${id} da garantia do cliente ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("maintenance_images").select(["id", "request_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `foto ${id} da manutenção ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("maintenance_documents").select(["id", "request_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `documento ${id} da manutenção ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("billing_documents").select(["id", "billing_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `boleto ${id} da cobrança ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("boleto_queue").select(["id", "client_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `boleto ${id} na fila do cliente ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("billing_receipts").select(["id", "billing_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `recibo ${id} da cobrança ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("payment_proofs").select(["id", "billing_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `comprovante ${id} da cobrança ${owner}`,
  },
  {
    rows: (db) => db.selectFrom("statement_imports").select(["id", "id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id) => `extrato bancário ${id}`,
  },
  {
    rows: (db) =>
      // Not one whose PDF is still to be drawn (migration 0027): no file yet.
      db
        .selectFrom("owner_statements")
        .select(["id", "owner_id as owner", "file_key"])
        .where(PDF_DRAWN)
        .orderBy("id")
        .execute(),
    describe: (id, owner) => `extrato ${id} do proprietário ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("lease_settlements").select(["id", "client_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `termo de encerramento ${id} do cliente ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("lease_versions").select(["id", "client_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `termo aditivo ${id} do cliente ${owner}`,
  },
  {
    // A readjustment's "Aviso de Reajuste" (migration 0049); none on rows made before it.
    rows: async (db) =>
      (
        await db
          .selectFrom("readjustments")
          .select(["id", "client_id as owner", "notice_key"])
          .where("notice_key", "is not", null)
          .orderBy("id")
          .execute()
      ).map((r) => ({ id: r.id, owner: r.owner, file_key: r.notice_key! })),
    describe: (id, owner) => `aviso de reajuste ${id} do cliente ${owner}`,
  },
  {
    // The accepted version of a document (decision 0080), served by its document's route.
    rows: (db) =>
      db.selectFrom("document_acceptances").select(["id", "document_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `registro de aceite ${id} do documento ${owner}`,
  },
  {
    rows: (db) =>
      db.selectFrom("inspection_photos").select(["id", "item_id as owner", "file_key"]).orderBy("id").execute(),
    describe: (id, owner) => `foto ${id} do item de vistoria ${owner}`,
  },
  {
    rows: (db) =>
      db
        .selectFrom("inspection_meter_photos")
        .select(["id", "inspection_id as owner", "file_key"])
        .orderBy("id")
        .execute(),
    describe: (id, owner) => `foto ${id} de medidor da vistoria ${owner}`,
  },
  {
    rows: async (db) =>
      (
        await db
          .selectFrom("inspections")
          .select(["id", "client_id as owner", "report_key"])
          .where("report_key", "is not", null)
          .orderBy("id")
          .execute()
      ).map((r) => ({ id: r.id, owner: r.owner, file_key: r.report_key! })),
    describe: (id, owner) => `relatório da vistoria ${id} do cliente ${owner}`,
  },
  {
    rows: (db) =>
      db
        .selectFrom("inspection_contest_photos")
        .select(["id", "contest_id as owner", "file_key"])
        .orderBy("id")
        .execute(),
    describe: (id, owner) => `foto ${id} da contestação ${owner}`,
  },
  {
    // The PDFs drawn for an email alone (informes de rendimentos): the outbox
    // row's attachments name them. Others it attaches belong to their own rows.
    rows: async (db) =>
      (
        await db
          .selectFrom("email_outbox")
          .select(["id", "attachments"])
          .where("kind", "in", ["income_report_owner", "income_report_tenant"])
          .orderBy("id")
          .execute()
      ).flatMap((r) =>
        (JSON.parse(r.attachments) as { file_key: string }[]).map((a) => ({
          id: r.id,
          owner: r.id,
          file_key: a.file_key,
        })),
      ),
    describe: (id) => `anexo do email ${id}`,
  },
];
