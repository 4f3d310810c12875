import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";

// A tenant's rental records as the LGPD export gives them (privacy.server.ts;
// docs/decisions/0013-privacy.md): contract files, maintenance requests with
// their images and documents, billings with their boletos, proofs of
// payment, receipts and notices, and boletos waiting to be processed. Metadata only: the files stay
// private. Each child row is found through its parent's client.

type DB = Kysely<Database>;

export async function clientRecords(db: DB | Transaction<Database>, clientId: number) {
  const contracts = await db
    .selectFrom("contracts")
    .select(["id", "file_name", "mime_type", "size", "uploaded_by_name", "uploaded_at"])
    .where("client_id", "=", clientId)
    .orderBy("id")
    .execute();
  const maintenance = await db
    .selectFrom("maintenance_requests")
    .selectAll()
    .where("client_id", "=", clientId)
    .orderBy("id")
    .execute();
  const requestsOfClient = db.selectFrom("maintenance_requests").select("id").where("client_id", "=", clientId);
  const images = await db
    .selectFrom("maintenance_images")
    .select(["id", "request_id", "width", "height"])
    .where("request_id", "in", requestsOfClient)
    .orderBy("id")
    .execute();
  const documents = await db
    .selectFrom("maintenance_documents")
    .select(["id", "request_id", "file_name", "mime_type", "size", "uploaded_at"])
    .where("request_id", "in", requestsOfClient)
    .orderBy("id")
    .execute();
  const billings = await db
    .selectFrom("billing")
    .select([
      "id",
      "month_year",
      "amount_cents",
      "due_date",
      "status",
      "payment_date",
      "amount_paid_cents",
      "external_payment_id",
      "created_at",
    ])
    .where("client_id", "=", clientId)
    .orderBy("id")
    .execute();
  const billingsOfClient = db.selectFrom("billing").select("id").where("client_id", "=", clientId);
  const boletos = await db
    .selectFrom("billing_documents")
    .select(["id", "billing_id", "file_name", "mime_type", "size", "uploaded_at"])
    .where("billing_id", "in", billingsOfClient)
    .orderBy("id")
    .execute();
  // The proofs of payment the tenant sent ("Já paguei", decision 0063).
  const proofs = await db
    .selectFrom("payment_proofs")
    .select([
      "id",
      "billing_id",
      "file_name",
      "mime_type",
      "size",
      "paid_on",
      "amount_cents",
      "note",
      "sent_at",
      "status",
      "refusal_reason",
    ])
    .where("client_id", "=", clientId)
    .orderBy("id")
    .execute();
  // What was paid and what the tenant was told.
  const receipts = await db
    .selectFrom("billing_receipts")
    .select(["id", "billing_id", "payment_date", "total_cents", "created_at", "voided_at"])
    .where("billing_id", "in", billingsOfClient)
    .orderBy("id")
    .execute();
  // The billing notices, from the email outbox (ref "billing:<id>").
  const notices = (
    await db
      .selectFrom("email_outbox")
      .select(["ref", "kind", "sent_at"])
      .where(
        "ref",
        "in",
        db
          .selectFrom("billing")
          .select(sql<string>`'billing:' || id`.as("ref"))
          .where("client_id", "=", clientId),
      )
      .orderBy("id")
      .execute()
  ).map((n) => ({
    billing_id: Number(n.ref!.slice("billing:".length)),
    kind: n.kind.replace(/^billing_/, ""),
    sent_at: n.sent_at,
  }));
  const queued = await db
    .selectFrom("boleto_queue")
    .select(["id", "file_name", "due_date", "amount_cents", "month_year", "created_at"])
    .where("client_id", "=", clientId)
    .orderBy("id")
    .execute();
  return {
    contracts,
    billings: billings.map((b) => ({
      ...b,
      boletos: boletos.filter((d) => d.billing_id === b.id),
      payment_proofs: proofs.filter((p) => p.billing_id === b.id),
      receipts: receipts.filter((r) => r.billing_id === b.id),
      notices: notices.filter((n) => n.billing_id === b.id),
    })),
    boletos_awaiting_processing: queued,
    maintenance_requests: maintenance.map((m) => ({
      ...m,
      images: images.filter((i) => i.request_id === m.id),
      documents: documents.filter((d) => d.request_id === m.id),
    })),
  };
}
