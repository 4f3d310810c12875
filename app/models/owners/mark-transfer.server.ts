import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { removePrivateFiles, storeWithRow } from "#app/models/files/private-store.server";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";
import { queueOwnerStatementEmail } from "./owner-statement-email.server";
import { renderOwnerStatementPdf } from "./owner-statement-pdf.server";
import { ownerMonth } from "./statement";
import { pendingRents, type StatementItem } from "./transfers.server";

// Making an owner's month final (docs/decisions/0040-owner-transfers.md):
// the write side of transfers.server.ts, which reads the months, the pages
// and the statements. The rule of which rents a statement takes is there
// (pendingRents); this file freezes them.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type TransferIssuer = { agency: PdfAgency; today: string };
export type TransferResult =
  | { ok: true; number: number; netCents: number; ownerName: string }
  | { ok: false; reason: "owner" | "done" | "empty" | "changed" | "date" };

// Marks the owner's transfer of `month` as done on `transferredOn`: one
// transaction makes the statement final (the number, the frozen lines, the
// PDF) and ties its payments to it. `expectedNetCents` is the amount staff saw:
// a payment recorded meanwhile refuses the transfer ("changed") rather than
// finalising a statement nobody checked.
export async function markTransferDone(
  db: DB,
  ownerId: number,
  month: string,
  values: { transferredOn: string; expectedNetCents: number },
  actor: AuditActor,
  issuer: TransferIssuer,
): Promise<TransferResult> {
  if (values.transferredOn > issuer.today || values.transferredOn < `${month}-01`) return { ok: false, reason: "date" };
  const created: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const owner = await trx.selectFrom("owners").selectAll().where("id", "=", ownerId).executeTakeFirst();
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
      const statement = ownerMonth(rents);
      if (statement.netCents !== values.expectedNetCents) return { ok: false, reason: "changed" } as const;
      const lines: StatementItem[] = statement.lines.map((l, i) => ({ ...l, paymentMonth: rents[i].paymentMonth }));
      const now = new Date().toISOString();
      const number = await nextStatementNumber(trx);
      const pdf = await renderOwnerStatementPdf({
        number,
        agency: issuer.agency,
        owner,
        month,
        lines,
        totals: statement,
        transferredOn: values.transferredOn,
        issuedOn: issuer.today,
      });
      const row = {
        id: number,
        owner_id: ownerId,
        month,
        gross_cents: statement.grossCents,
        charges_cents: statement.chargesCents,
        admin_fee_cents: statement.adminFeeCents,
        first_rent_fee_cents: statement.firstRentFeeCents,
        net_cents: statement.netCents,
        transferred_on: values.transferredOn,
        created_by_name: actor?.name ?? "Sistema",
        created_at: now,
      };
      await storeWithRow(pdf, ".pdf", async (file_key) => {
        created.push(file_key);
        await trx
          .insertInto("owner_statements")
          .values({
            ...row,
            items: JSON.stringify(lines),
            file_key,
            file_name: `Extrato do Proprietário nº ${number}.pdf`,
            mime_type: "application/pdf",
            size: pdf.byteLength,
          })
          .execute();
        // The owner's copy, in this transaction (the outbox sends it).
        if (owner.email)
          await queueOwnerStatementEmail(trx, {
            id: number,
            month,
            net_cents: statement.netCents,
            transferred_on: values.transferredOn,
            file_key,
            file_name: `Extrato do Proprietário nº ${number}.pdf`,
            owner_name: owner.name,
            email: owner.email,
          });
        return true;
      });
      const ids = lines.map((l) => l.billingId);
      const tied = await trx
        .updateTable("billing")
        .set({ owner_statement_id: number })
        .where("id", "in", ids)
        .where("owner_statement_id", "is", null)
        .executeTakeFirst();
      if (Number(tied.numUpdatedRows) !== ids.length)
        throw new Error(`statement ${number}: payments changed meanwhile`);
      const { created_at: _c, ...shown } = row;
      await recordAudit(trx, {
        actor,
        action: "create",
        entity: "owner_statement",
        entityId: number,
        after: { ...shown, billing_ids: ids },
      });
      return { ok: true, number, netCents: statement.netCents, ownerName: owner.name } as const;
    });
  } catch (error) {
    // Rolled back after the PDF was written: no file without its row.
    await removePrivateFiles(created);
    throw error;
  }
}

// Statement numbers follow the table's AUTOINCREMENT sequence: never reused.
async function nextStatementNumber(trx: Trx) {
  const row = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'owner_statements'`.execute(trx);
  return (row.rows[0]?.seq ?? 0) + 1;
}
