import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { spendCreditsOf } from "#app/models/ledger/tenant-credit.server";
import { insertBillingRow, listBillingsToMatch, updateBillingAmountRow } from "#app/models/billing/billing.server";
import { BILLING_DOCUMENT_KINDS, insertBillingDocumentRow } from "#app/models/billing/documents.server";
import { storeDocument } from "#app/models/files/documents.server";
import type { LineOwnerView } from "./display";
import { amountDiffers, lineDigits, matchBilling, planBoletos, type BoletoStep, type MatchableBilling } from "./match";
import type { Cents } from "#app/models/shared/money";

// The boleto flow's rows (docs/product.md §Boletos,
// docs/decisions/0015-boleto-flow.md): an analysed boleto is stored at once,
// file and row, as a draft the admin reviews; "Confirmar e Criar Cobrança"
// moves it to the awaiting list (confirmed_at); "Processar N Boletos" turns
// every awaiting boleto with a month, a due date and an amount into a pending billing with
// the file attached, in one transaction. Rows, not memory: a reload or another
// admin sees the same list. Since issue 19 a boleto for a month (or a due
// date) the client was already billed joins that billing instead of making a
// second one (match.ts), and the same digitable line is never registered
// twice.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type BoletoValues = { due_date: string | null; amount_cents: Cents | null; month_year: string | null };
export type BoletoReadingValues = BoletoValues & { digitable_line: string | null; source: string | null };

// Drafts older than this are left behind (the admin closed the tab): the
// housekeeping job removes them with their files.
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

const queuedColumns = [
  "boleto_queue.id",
  "boleto_queue.client_id",
  "clients.name as client_name",
  "boleto_queue.file_name",
  "boleto_queue.mime_type",
  "boleto_queue.size",
  "boleto_queue.due_date",
  "boleto_queue.amount_cents",
  "boleto_queue.month_year",
  "boleto_queue.digitable_line",
  "boleto_queue.source",
  "boleto_queue.created_at",
  "boleto_queue.confirmed_at",
  "boleto_queue.update_amount",
] as const;

export type NewBoletoDraft = { clientId: number; fileName: string; bytes: Uint8Array; reading: BoletoReadingValues };

// Stores an analysed boleto as a draft (storeDocument; a draft is not yet an
// event worth an audit row: confirming it is). A refused type writes nothing;
// a client gone meanwhile leaves no file behind.
export async function createBoletoDraft(
  db: DB,
  input: NewBoletoDraft,
  actor: AuditActor,
): Promise<{ ok: true; id: number } | { ok: false; reason: "type" | "client" }> {
  return storeDocument(db, input, {
    kinds: BILLING_DOCUMENT_KINDS,
    fallbackName: "boleto",
    owner: { table: "clients", id: input.clientId, missing: "client" },
    insert: async (trx, file) => {
      const values = {
        client_id: input.clientId,
        ...file,
        ...input.reading,
        // Digits only, so that the same boleto is found however its line was written.
        digitable_line: lineDigits(input.reading.digitable_line),
        created_by_id: actor?.id ?? null,
        created_at: new Date().toISOString(),
        confirmed_at: null,
      };
      return (await trx.insertInto("boleto_queue").values(values).returning("id").executeTakeFirstOrThrow()).id;
    },
  });
}

export async function getQueuedBoleto(db: DB, id: number) {
  return (
    (await db
      .selectFrom("boleto_queue")
      .innerJoin("clients", "clients.id", "boleto_queue.client_id")
      .select(queuedColumns)
      .where("boleto_queue.id", "=", id)
      .executeTakeFirst()) ?? null
  );
}
export type QueuedBoleto = NonNullable<Awaited<ReturnType<typeof getQueuedBoleto>>>;

// Where a digitable line is registered already, besides the queued boleto
// `exceptId`: attached to a billing, or on another boleto of the awaiting list
// (a draft is not: an abandoned tab must not block the boleto). null: nowhere.
export type LineOwner = LineOwnerView;

export async function findLineOwner(db: DB | Trx, line: string | null, exceptId: number): Promise<LineOwner | null> {
  const digits = lineDigits(line);
  if (digits === null) return null;
  const attached = await db
    .selectFrom("billing_documents")
    .innerJoin("billing", "billing.id", "billing_documents.billing_id")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select(["clients.name as client_name", "billing.month_year"])
    .where("billing_documents.digitable_line", "=", digits)
    .executeTakeFirst();
  if (attached) return { kind: "billing", ...attached };
  const queued = await db
    .selectFrom("boleto_queue")
    .innerJoin("clients", "clients.id", "boleto_queue.client_id")
    .select(["clients.name as client_name", "boleto_queue.file_name"])
    .where("boleto_queue.digitable_line", "=", digits)
    .where("boleto_queue.confirmed_at", "is not", null)
    .where("boleto_queue.id", "!=", exceptId)
    .orderBy("boleto_queue.id")
    .executeTakeFirst();
  return queued ? { kind: "queued", ...queued } : null;
}

// The awaiting boletos with what processing will do with each (planBoletos
// over the clients' billings and the lines already attached), in the order
// given. The processing below and the awaiting list share it.
async function planAwaiting<R extends Parameters<typeof planBoletos>[0][number]>(db: DB | Trx, awaiting: R[]) {
  const billings = await listBillingsToMatch(
    db,
    awaiting.map((b) => b.client_id),
  );
  const lines = awaiting.map((b) => lineDigits(b.digitable_line)).filter((l): l is string => l !== null);
  const attached =
    lines.length === 0
      ? []
      : await db
          .selectFrom("billing_documents")
          .select("digitable_line")
          .where("digitable_line", "in", lines)
          .execute();
  const steps = planBoletos(awaiting, billings, new Set(attached.map((a) => a.digitable_line!)));
  return awaiting.map((b) => ({ ...b, step: steps.get(b.id)! }));
}

export type BoletoMatchBilling = Awaited<ReturnType<typeof listBillingsToMatch>>[number];
export type AwaitingStep = BoletoStep<BoletoMatchBilling>;

// The awaiting list: confirmed boletos, grouped by the caller, oldest first,
// each with what "Processar N Boletos" will do with it.
export async function listAwaitingBoletos(db: DB) {
  const rows = await db
    .selectFrom("boleto_queue")
    .innerJoin("clients", "clients.id", "boleto_queue.client_id")
    .select(queuedColumns)
    .where("boleto_queue.confirmed_at", "is not", null)
    .orderBy("boleto_queue.confirmed_at")
    .orderBy("boleto_queue.id")
    .execute();
  return planAwaiting(db, rows);
}

// What the review page needs besides the boleto: the client's billings (the
// page matches them as the admin corrects the values, match.ts), where its
// line is registered already (a draft), and, for a boleto on the list, what
// processing will do with it.
export async function getBoletoReviewContext(db: DB, boleto: QueuedBoleto) {
  const billings = await listBillingsToMatch(db, [boleto.client_id]);
  if (boleto.confirmed_at === null)
    return { billings, lineOwner: await findLineOwner(db, boleto.digitable_line, boleto.id), step: null };
  const step = (await listAwaitingBoletos(db)).find((b) => b.id === boleto.id)?.step ?? null;
  return { billings, lineOwner: null, step };
}

export type ConfirmResult =
  | { ok: true; file_name: string; client_id: number; due_date: string | null; joins: MatchableBilling | null }
  | { ok: false; reason: "gone" }
  | { ok: false; reason: "duplicate"; owner: LineOwner };

// "Confirmar e Criar Cobrança" with the values as the admin corrected them,
// and whether staff chose that the boleto's amount replaces the billing's
// (update_amount, kept only when the page offered it; processing applies it
// only to a billing of another amount, not paid). Refused: the draft is gone (removed meanwhile, or confirmed
// already), or its line is registered already (findLineOwner). `joins`: the
// billing it will join, as things stand.
export async function confirmBoleto(
  db: DB,
  id: number,
  values: BoletoValues & { update_amount?: boolean },
  actor: AuditActor,
): Promise<ConfirmResult> {
  return db.transaction().execute(async (trx): Promise<ConfirmResult> => {
    const draft = await trx
      .selectFrom("boleto_queue")
      .select(["digitable_line", "client_id"])
      .where("id", "=", id)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    if (!draft) return { ok: false, reason: "gone" };
    const owner = await findLineOwner(trx, draft.digitable_line, id);
    if (owner) return { ok: false, reason: "duplicate", owner };
    const { update_amount = false, ...keys } = values;
    const joins = matchBilling(keys, await listBillingsToMatch(trx, [draft.client_id]));
    // Kept only when the page offered it (a billing to join, of another
    // amount, not paid): a billing created later for that month is not
    // changed by a choice nobody made about it.
    const offered = joins !== null && amountDiffers(keys.amount_cents, joins);
    const stored = { ...keys, update_amount: update_amount && offered ? 1 : 0 };
    const updated = await trx
      .updateTable("boleto_queue")
      .set({ ...stored, confirmed_at: new Date().toISOString() })
      .where("id", "=", id)
      .returning(["file_name", "client_id"])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "queued_boleto",
      entityId: id,
      after: { ...updated, ...stored },
    });
    return { ok: true, ...updated, due_date: keys.due_date, joins };
  });
}

// Removes a draft ("Analisar Novamente") or an awaiting boleto ("Remover");
// returns the file key for the caller to delete after the commit.
export async function removeQueuedBoleto(db: DB, id: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("boleto_queue")
      .where("id", "=", id)
      .returning(["file_key", "file_name", "client_id", "confirmed_at"])
      .executeTakeFirst();
    if (!row) return null;
    // A draft was never on the list: its removal is not an event worth a row.
    if (row.confirmed_at) {
      await recordAudit(trx, {
        actor,
        action: "delete",
        entity: "queued_boleto",
        entityId: id,
        before: { file_name: row.file_name, client_id: row.client_id },
      });
    }
    return { fileKey: row.file_key, fileName: row.file_name, clientId: row.client_id };
  });
}

// "Processar N Boletos", in one transaction, in id order (planBoletos): each
// awaiting boleto with a month, a due date and an amount joins the billing of
// its client with the same due date, else the same reference month (one
// existing, or one an earlier boleto of the run created), or else becomes a
// pending billing. Its file is attached as the billing's boleto (the same
// stored file, no copy) with its digitable line, and it leaves the list.
// Joining changes the billing's amount only when staff chose it at
// confirmation (update_amount) and the billing is not paid. A boleto whose
// line is attached already stays on the list (`duplicates`), as do those
// missing a value (`skipped`). Run twice, the second run finds nothing.
export async function processAwaitingBoletos(db: DB, actor: AuditActor) {
  const done = await processInTransaction(db, actor);
  await spendCreditsOf(
    db,
    (
      await db
        .selectFrom("billing")
        .select("client_id")
        .where("id", "in", [0, ...done.created])
        .execute()
    ).map((b) => b.client_id),
    actor,
  );
  return done;
}

function processInTransaction(db: DB, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const awaiting = await trx
      .selectFrom("boleto_queue")
      .selectAll()
      .where("confirmed_at", "is not", null)
      .orderBy("id")
      .execute();
    const created: number[] = [];
    const joined: number[] = [];
    const amountsUpdated: number[] = [];
    let skipped = 0;
    let duplicates = 0;
    const createdBy = new Map<number, number>(); // boleto id -> the billing it created
    for (const { step, ...b } of await planAwaiting(trx, awaiting)) {
      if (step.kind === "incomplete") skipped += 1;
      if (step.kind === "duplicate") duplicates += 1;
      if (step.kind !== "create" && step.kind !== "join") continue;
      let billingId: number;
      if (step.kind === "create") {
        billingId = await insertBillingRow(
          trx,
          { client_id: b.client_id, month_year: b.month_year!, amount_cents: b.amount_cents!, due_date: b.due_date! },
          actor,
        );
        createdBy.set(b.id, billingId);
        created.push(billingId);
      } else {
        billingId = step.billing ? step.billing.id : createdBy.get(step.creatorId!)!;
        if (step.updateAmount && (await updateBillingAmountRow(trx, billingId, b.amount_cents!, actor)))
          amountsUpdated.push(billingId);
        joined.push(billingId);
      }
      await insertBillingDocumentRow(trx, billingId, b, actor);
      await trx.deleteFrom("boleto_queue").where("id", "=", b.id).execute();
    }
    return { created, joined, amountsUpdated, skipped, duplicates };
  });
}

// Drafts nobody confirmed or discarded within DRAFT_LIFETIME_MS: the rows go,
// and their file keys are returned for removal.
export async function removeStaleDrafts(db: DB, now = Date.now()) {
  const cutoff = new Date(now - DRAFT_LIFETIME_MS).toISOString();
  const rows = await db
    .deleteFrom("boleto_queue")
    .where("confirmed_at", "is", null)
    .where("created_at", "<", cutoff)
    .returning("file_key")
    .execute();
  return rows.map((r) => r.file_key);
}
