import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { storeWithRow } from "#app/models/files/private-store.server";
import { addMonths, localToday } from "#app/models/shared/days";
import { kicker } from "#app/models/shared/kicker.server";
import { slicer } from "#app/models/shared/slicer";
import { log } from "#app/utils/log.server";
import { queueOwnerStatementEmail } from "./owner-statement-email.server";
import { PDF_PENDING, pendingPdfKey } from "./statement-pdf-pending";
import { renderOwnerStatementPdf } from "./owner-statement-pdf.server";
import { firstNames, newVerification, registerDocument } from "#app/models/documents/registry.server";
import { leaseAddresses } from "#app/models/clients/addresses.server";
import { ownerMonth, type OwnerMonth } from "./statement";
import { addCents, cents, subtractCents, ZERO_CENTS, type Cents } from "#app/models/shared/money";
import { pendingRents } from "./pending-rents.server";
import { frozenDeductions, pendingOwnerEntries, postOwnerEntry, tieOwnerEntries } from "./owner-entries.server";
import type { StatementItem } from "./transfers.server";

// Making an owner's month final (docs/decisions/0040-owner-transfers.md):
// the write side of transfers.server.ts, which reads the months, the pages
// and the statements. The rule of which rents a statement takes is in
// pending-rents.server.ts; this file freezes them.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type TransferResult =
  | { ok: true; number: number; netCents: number; ownerName: string }
  | { ok: false; reason: "owner" | "done" | "empty" | "changed" | "date" };

// Marks the owner's transfer of `month` as done on `transferredOn` (at most
// `today`): one transaction makes the statement final (the number, the frozen
// lines) and ties its payments to it. `expectedNetCents` is the amount staff
// saw: a payment recorded meanwhile refuses the transfer ("changed") rather
// than finalising a statement nobody checked. The PDF and the owner's email
// come after (drawStatementPdf): a month's transfers for every owner are a
// few milliseconds each, not a PDF each.
export async function markTransferDone(
  db: DB,
  ownerId: number,
  month: string,
  values: { transferredOn: string; expectedNetCents: number },
  actor: AuditActor,
  today: string,
): Promise<TransferResult> {
  if (values.transferredOn > today || values.transferredOn < `${month}-01`) return { ok: false, reason: "date" };
  return db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom("owners")
      .select(["name", "pix_key", "bank_account"])
      .where("id", "=", ownerId)
      .executeTakeFirst();
    if (!owner) return { ok: false, reason: "owner" } as const;
    const exists = await trx
      .selectFrom("owner_statements")
      .select("id")
      .where("owner_id", "=", ownerId)
      .where("month", "=", month)
      .executeTakeFirst();
    if (exists) return { ok: false, reason: "done" } as const;
    const rents = await pendingRents(trx, month, ownerId);
    if (rents.length === 0) return { ok: false, reason: "empty" } as const;
    const deductions = (await pendingOwnerEntries(trx, month, ownerId)).get(ownerId) ?? [];
    const statement = ownerMonth(rents, deductions);
    if (statement.netCents !== values.expectedNetCents) return { ok: false, reason: "changed" } as const;
    const lines: StatementItem[] = statement.lines.map((l, i) => ({ ...l, paymentMonth: rents[i].paymentMonth }));
    const number = await nextStatementNumber(trx);
    const row = {
      id: number,
      owner_id: ownerId,
      month,
      gross_cents: statement.grossCents,
      charges_cents: statement.chargesCents,
      admin_fee_cents: statement.adminFeeCents,
      first_rent_fee_cents: statement.firstRentFeeCents,
      reimbursed_cents: statement.reimbursedCents,
      net_cents: statement.netCents,
      transferred_on: values.transferredOn,
      destination: payoutDestination(owner),
      created_by_name: actor?.name ?? "Sistema",
      created_at: new Date().toISOString(),
    };
    await trx
      .insertInto("owner_statements")
      .values({
        ...row,
        items: JSON.stringify(lines),
        deductions: JSON.stringify(statement.deductions),
        deductions_cents: statement.deductionsCents,
        // Drawn after this transaction (migration 0027).
        file_key: pendingPdfKey(number),
        file_name: statementFileName(number),
        mime_type: "application/pdf",
        size: 0,
      })
      .execute();
    const ids = lines.map((l) => l.billingId);
    // The owner's share of each payment (a second statement taking one breaks
    // the key: payments changed meanwhile), then each payment whose every
    // owner's share is now transferred (decision 0067).
    await trx
      .insertInto("billing_transfers")
      .values(ids.map((billing_id) => ({ billing_id, owner_id: ownerId, owner_statement_id: number })))
      .execute();
    await trx
      .updateTable("billing")
      .set({ owner_statement_id: number })
      .where("id", "in", ids)
      .where("owner_statement_id", "is", null)
      .where(
        sql<boolean>`not exists (select 1 from lease_owners lo where lo.client_id = billing.client_id
          and not exists (select 1 from billing_transfers t where t.billing_id = billing.id and t.owner_id = lo.owner_id))`,
      )
      .execute();
    await tieOwnerEntries(trx, number, statement.deductions);
    // Deductions above the rents: the rest on the owner's next statement
    // (dated the next month's first day, so that month's statement takes it).
    if (statement.carriedCents > 0)
      await postOwnerEntry(
        trx,
        ownerId,
        {
          kind: "carry",
          amountCents: statement.carriedCents,
          description: `Saldo devedor do extrato nº ${number}`,
          onDate: `${addMonths(month, 1)}-01`,
          fromStatementId: number,
        },
        actor,
      );
    const { created_at: _c, ...shown } = row;
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "owner_statement",
      entityId: number,
      after: { ...shown, billing_ids: ids, owner_entry_ids: statement.deductions.map((d) => d.entryId) },
    });
    return { ok: true, number, netCents: statement.netCents, ownerName: owner.name } as const;
  });
}

// Where a transfer goes, in words, frozen with its statement (decision 0077):
// the owner's details as they are when staff mark it done.
// A Pix key when there is one (the agency pays by Pix), else the bank account.
export function payoutDestination(o: { pix_key: string | null; bank_account: string | null }): string | null {
  return o.pix_key ? `Pix ${o.pix_key}` : o.bank_account;
}

// A final statement's totals as it froze them (the carry: what its
// deductions exceeded the rents by, on the owner's next statement).
export function frozenTotals(s: {
  gross_cents: Cents;
  charges_cents: Cents;
  admin_fee_cents: Cents;
  first_rent_fee_cents: Cents;
  reimbursed_cents: Cents;
  net_cents: Cents;
  deductions: string;
  deductions_cents: Cents;
}): Omit<OwnerMonth, "lines"> {
  const rentsNetCents = addCents(
    subtractCents(s.gross_cents, s.admin_fee_cents, s.first_rent_fee_cents),
    s.reimbursed_cents,
  );
  const left = subtractCents(rentsNetCents, s.deductions_cents);
  return {
    grossCents: s.gross_cents,
    chargesCents: s.charges_cents,
    adminFeeCents: s.admin_fee_cents,
    firstRentFeeCents: s.first_rent_fee_cents,
    reimbursedCents: s.reimbursed_cents,
    rentsNetCents,
    deductions: frozenDeductions(s.deductions),
    deductionsCents: s.deductions_cents,
    carriedCents: left < 0 ? cents(-left) : ZERO_CENTS,
    netCents: s.net_cents,
  };
}

const statementFileName = (number: number) => `Extrato do Proprietário nº ${number}.pdf`;

// Draws a final statement's PDF from its frozen row, stores it and queues the
// owner's copy, in one transaction (of two drawers at once, the second finds
// it drawn and drops its file). The owner's details and the agency's are
// read now, seconds after the transfer; the issue date is the statement's.
// Returns whether this call drew it.
export async function drawStatementPdf(db: DB, id: number): Promise<boolean> {
  const s = await db
    .selectFrom("owner_statements")
    .innerJoin("owners", "owners.id", "owner_statements.owner_id")
    .select([
      "owner_statements.id",
      "owner_statements.month",
      "owner_statements.items",
      "owner_statements.gross_cents",
      "owner_statements.charges_cents",
      "owner_statements.admin_fee_cents",
      "owner_statements.first_rent_fee_cents",
      "owner_statements.reimbursed_cents",
      "owner_statements.net_cents",
      "owner_statements.deductions",
      "owner_statements.deductions_cents",
      "owner_statements.transferred_on",
      "owner_statements.destination",
      "owner_statements.created_at",
      "owners.name",
      "owners.cpf_cnpj",
      "owners.pix_key",
      "owners.bank_account",
      "owners.email",
      "owners.user_id",
    ])
    .where("owner_statements.id", "=", id)
    .where(PDF_PENDING)
    .executeTakeFirst();
  if (!s) return false;
  const lines = JSON.parse(s.items) as StatementItem[];
  const verification = newVerification();
  const issuedOn = localToday(new Date(s.created_at));
  const pdf = await renderOwnerStatementPdf({
    number: s.id,
    verification,
    agency: pdfAgency(),
    owner: s,
    // Statements before migration 0045 froze none: the owner's details now.
    destination: s.destination ?? payoutDestination(s),
    places: await leaseAddresses(
      db,
      lines.map((l) => l.clientId),
    ),
    month: s.month,
    lines,
    totals: frozenTotals(s),
    transferredOn: s.transferred_on,
    issuedOn,
  });
  const drawn = await storeWithRow(pdf, ".pdf", (file_key) =>
    db.transaction().execute(async (trx) => {
      const set = await trx
        .updateTable("owner_statements")
        .set({ file_key, size: pdf.byteLength })
        .where("id", "=", id)
        .where(PDF_PENDING)
        .executeTakeFirst();
      if (Number(set.numUpdatedRows) !== 1) return null;
      const document = {
        kind: "owner_statement" as const,
        refId: id,
        title: `Extrato do Proprietário nº ${id}`,
        issuedOn,
        parties: firstNames([s.name]),
        amountCents: s.net_cents,
      };
      await registerDocument(trx, verification, document, pdf);
      if (s.email)
        await queueOwnerStatementEmail(trx, {
          id,
          month: s.month,
          net_cents: s.net_cents,
          transferred_on: s.transferred_on,
          file_key,
          file_name: statementFileName(id),
          owner_name: s.name,
          email: s.email,
          destination: s.destination ?? payoutDestination(s),
          user_id: s.user_id,
        });
      return true;
    }),
  );
  return drawn === true;
}

const DRAW_BATCH = 100;

// Every statement still without its PDF, oldest first, the event loop given a
// turn between two PDFs (a few milliseconds of pdf-lib each). One failing is
// logged and left for the next run. Returns how many this run drew.
export async function drawStatementPdfs(db: DB) {
  const pause = slicer();
  let drawn = 0;
  for (let after = 0; ;) {
    const batch = await db
      .selectFrom("owner_statements")
      .select("id")
      .where(PDF_PENDING)
      .where("id", ">", after)
      .orderBy("id")
      .limit(DRAW_BATCH)
      .execute();
    if (batch.length === 0) return { drawn };
    for (const { id } of batch) {
      await pause();
      try {
        if (await drawStatementPdf(db, id)) drawn += 1;
      } catch (error) {
        log.error("owner_statement.pdf_failed", { id, error });
      }
      after = id;
    }
  }
}

// After a request marked transfers done: the PDFs drawn and the owners'
// copies sent soon, off its path. The hourly job draws what a stopped
// process left.
export const kickStatementPdfs = kicker("owner_statement.kick_failed", async (db: DB) => {
  if ((await drawStatementPdfs(db)).drawn > 0) kickOutbox(db);
});

// Statement numbers follow the table's AUTOINCREMENT sequence: never reused.
async function nextStatementNumber(trx: Trx) {
  const row = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'owner_statements'`.execute(trx);
  return (row.rows[0]?.seq ?? 0) + 1;
}
