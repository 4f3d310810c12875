import type { Kysely, Transaction } from "kysely";
import type { Database, StatementMatchKind } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { storeWithRow } from "#app/models/files/private-store.server";
import { localToday, addDays } from "#app/models/shared/days";
import { matchCredits, PROBABLE_WINDOW_DAYS, type OpenBilling } from "./match";
import { parseStatement, type StatementKind, type StatementLine } from "./statement";

// "Importar extrato" (docs/product.md §Conciliação; docs/decisions/0037-reconciliation.md):
// a bank file (OFX, or a CNAB 240 retorno: app/models/reconciliation/statement.ts)
// is read, each credit matched to an open billing (match.ts), and the file,
// the import and every line with its proposal written in one transaction.
// Nothing is paid here: staff review the proposals and confirm
// (confirm.server.ts). A bank line already settled by an earlier import
// (same line_key) is kept as "already" and never proposed again.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// SQLite's bound-parameter limit is far above this; a batch of rows stays small.
const BATCH = 200;

const FILE_TYPES: Record<StatementKind, { mime: string; ext: string }> = {
  ofx: { mime: "application/x-ofx", ext: ".ofx" },
  cnab240: { mime: "text/plain", ext: ".ret" },
};

function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// The bank lines among `keys` that already settled a billing.
async function settledKeys(db: DB | Trx, keys: readonly string[]) {
  const settled = new Set<string>();
  for (const part of chunks([...new Set(keys)], 500)) {
    const rows = await db
      .selectFrom("statement_lines")
      .select("line_key")
      .where("line_key", "in", part)
      .where("settled_at", "is not", null)
      .execute();
    for (const r of rows) settled.add(r.line_key);
  }
  return settled;
}

// Unpaid billings a credit may pay: any unpaid one due up to the issue
// horizon plus the probable window (a rent paid a few days early), with the
// digitable lines of their boletos (a CNAB nosso número points into them).
export async function openBillingsToMatch(
  db: DB | Trx,
  today: string,
  issueDays: number,
): Promise<(OpenBilling & { month_year: string })[]> {
  const rows = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select([
      "billing.id",
      "billing.due_date",
      "billing.amount_cents",
      "billing.month_year",
      "clients.name as client_name",
      "clients.cpf_cnpj",
      "clients.late_fee_bp",
      "clients.monthly_interest_bp",
    ])
    .where("billing.status", "!=", "paid")
    .where("billing.due_date", "<=", addDays(today, issueDays + PROBABLE_WINDOW_DAYS))
    .orderBy("clients.name")
    .orderBy("billing.due_date")
    .execute();
  const lines = new Map<number, string[]>();
  for (const part of chunks(
    rows.map((r) => r.id),
    500,
  )) {
    const docs = await db
      .selectFrom("billing_documents")
      .select(["billing_id", "digitable_line"])
      .where("billing_id", "in", part)
      .where("digitable_line", "is not", null)
      .execute();
    for (const d of docs) lines.set(d.billing_id, [...(lines.get(d.billing_id) ?? []), d.digitable_line!]);
  }
  return rows.map((r) => ({ ...r, digitable_lines: lines.get(r.id) ?? [] }));
}

export type ImportOutcome =
  | { ok: true; id: number; lines: number; credits: number; exact: number; probable: number; already: number }
  | { ok: false; message: string };

// Reads, matches and stores one file. A file that is not a statement, or a
// broken one, is refused with the parser's message and nothing is written.
export async function importStatement(
  db: DB,
  input: { fileName: string; bytes: Uint8Array; actor: AuditActor; issueDays: number; today?: string },
): Promise<ImportOutcome> {
  const parsed = parseStatement(input.bytes);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const { statement } = parsed;
  const today = input.today ?? localToday();
  const already = await settledKeys(
    db,
    statement.lines.map((l) => l.key),
  );
  const fresh = statement.lines.filter((l) => l.credit && !already.has(l.key));
  const matches = matchCredits(fresh, await openBillingsToMatch(db, today, input.issueDays));
  const proposal = new Map(fresh.map((l, i) => [l, matches[i]!]));
  const rows = statement.lines.map((line) => lineRow(line, already.has(line.key), proposal.get(line)));
  const count = (kind: StatementMatchKind) => rows.filter((r) => r.match_kind === kind).length;
  const counts = {
    lines: rows.length,
    credits: statement.lines.filter((l) => l.credit).length,
    exact: count("exact"),
    probable: count("probable"),
    already: rows.filter((r) => r.credit === 1 && r.match_kind === "already").length,
  };
  const type = FILE_TYPES[statement.kind];
  const now = new Date().toISOString();
  const id = await storeWithRow(input.bytes, type.ext, (file_key) =>
    db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto("statement_imports")
        .values({
          kind: statement.kind,
          file_name: input.fileName.slice(0, 200) || `extrato${type.ext}`,
          file_key,
          mime_type: type.mime,
          size: input.bytes.byteLength,
          account: statement.account,
          period_start: statement.start,
          period_end: statement.end,
          lines_count: counts.lines,
          credits_count: counts.credits,
          exact_count: counts.exact,
          probable_count: counts.probable,
          already_count: counts.already,
          created_by_id: input.actor?.id ?? null,
          created_by_name: input.actor?.name ?? "Sistema",
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const part of chunks(rows)) {
        await trx
          .insertInto("statement_lines")
          .values(part.map((r) => ({ ...r, import_id: created.id })))
          .execute();
      }
      await recordAudit(trx, {
        actor: input.actor,
        action: "create",
        entity: "statement_import",
        entityId: created.id,
        after: { kind: statement.kind, account: statement.account, ...counts },
      });
      return created.id;
    }),
  );
  return { ok: true, id: id!, ...counts };
}

function lineRow(
  line: StatementLine,
  settledBefore: boolean,
  match: ReturnType<typeof matchCredits>[number] | undefined,
) {
  return {
    position: line.line,
    line_key: line.key,
    posted_date: line.date,
    amount_cents: line.amountCents,
    credit: line.credit ? 1 : 0,
    memo: line.memo,
    payer_name: line.payerName,
    payer_doc: line.payerDoc,
    reference: line.reference,
    document_number: line.documentNumber,
    fees_cents: line.feesCents,
    match_kind: (settledBefore ? "already" : (match?.kind ?? "none")) as StatementMatchKind,
    match_reason: match?.reason ?? null,
    billing_id: match?.billingId ?? null,
    due_cents: match?.dueCents ?? null,
    difference_cents: match?.differenceCents ?? null,
  };
}

// "Extratos importados": newest first.
export async function listStatementImports(db: DB) {
  return db.selectFrom("statement_imports").selectAll().orderBy("id", "desc").execute();
}
export type StatementImportItem = Awaited<ReturnType<typeof listStatementImports>>[number];
