import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { Database, StatementLinesTable, StatementMatchKind } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { storeWithRow } from "#app/models/files/private-store.server";
import { localToday } from "#app/models/shared/days";
import { LIST_PAGE_SIZE } from "#app/models/shared/list-query";
import { pageOf, queryBatches } from "#app/models/shared/paging.server";
import { slicer } from "#app/models/shared/slicer";
import type { Cents } from "#app/models/shared/money";
import { log, reasonOf } from "#app/utils/log.server";
import type { CreditMatch } from "./match";
import { LOOKUP, openBillingsToMatch } from "./open-billings.server";
import type { StatementKind } from "./statement";
import { checkpointInThread, matchCreditsInThread, parseStatementInThread } from "./statement-pool.server";
import type { LineColumns } from "./statement-worker.server";
import { packedLength, stringAt, textAt, type PackedStrings } from "./packed-strings";

// "Importar extrato" (docs/product.md §Conciliação; docs/decisions/0037-reconciliation.md):
// a bank file (OFX, or a CNAB 240 or CNAB 400 retorno: app/models/reconciliation/statement.ts)
// is read, each credit matched to an open billing (match.ts), and the file,
// the import and every line with its proposal written in one transaction.
// Nothing is paid here: staff review the proposals and confirm
// (confirm.server.ts). A bank line already settled by an earlier import
// (same line_key) is kept as "already" and never proposed again.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// Lines written a statement: each a few milliseconds of SQLite, and the event
// loop gets a turn after each (see slicer).
const BATCH = 200;
const FILE_TYPES: Record<StatementKind, { mime: string; ext: string }> = {
  ofx: { mime: "application/x-ofx", ext: ".ofx" },
  cnab240: { mime: "text/plain", ext: ".ret" },
  cnab400: { mime: "text/plain", ext: ".ret" },
};

// Which lines of the file (by index) already settled a billing, as an
// earlier import's line of the same key: LOOKUP keys a query, a `pause` before
// each (the keys are read out of their packed column a chunk at a time).
async function settledBefore(db: DB | Trx, keys: PackedStrings, pause: () => Promise<void>) {
  const settled = new Uint8Array(packedLength(keys));
  for (let from = 0; from < settled.length; from += LOOKUP) {
    await pause();
    const at = new Map<string, number[]>();
    for (let i = from; i < Math.min(from + LOOKUP, settled.length); i++) {
      const key = textAt(keys, i);
      at.set(key, [...(at.get(key) ?? []), i]);
    }
    const rows = await db
      .selectFrom("statement_lines")
      .select("line_key")
      .where("line_key", "in", [...at.keys()])
      .where("settled_at", "is not", null)
      .execute();
    for (const r of rows) for (const i of at.get(r.line_key) ?? []) settled[i] = 1;
  }
  return settled;
}

// The first import of a file whose bytes came again.
export type FirstImport = { id: number; createdAt: string; createdByName: string };

export type ImportOutcome =
  | { ok: true; id: number; lines: number; credits: number; exact: number; probable: number; already: number }
  | { ok: false; message: string; duplicate?: undefined }
  | { ok: false; message: string; duplicate: FirstImport };

const DUPLICATE = "Este arquivo já foi importado.";

async function importOfFile(db: DB | Trx, sha256: string): Promise<FirstImport | null> {
  const row = await db
    .selectFrom("statement_imports")
    .select(["id", "created_at", "created_by_name"])
    .where("sha256", "=", sha256)
    .executeTakeFirst();
  return row ? { id: row.id, createdAt: row.created_at, createdByName: row.created_by_name } : null;
}

// SQLite's refusal of a second row with the same sha256 (two uploads of one
// file at once: the check before the insert saw neither).
const isDuplicateFile = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE" &&
  error.message.includes("statement_imports.sha256");

// Reads, matches and stores one file. A file that is not a statement, or a
// broken one, is refused with the parser's message and nothing is written.
// A file whose bytes were imported before (sha-256) is refused too, naming
// the first import: its lines are there, and a bank line settles once
// anyway (line_key), so a second import would only be noise. A file that
// overlaps another (another download of the same days) is another file: its
// lines already settled are "already" (0037).
//
// Off the event loop (docs/decisions/0059-statement-import-off-the-event-loop.md):
// reading and matching run in the statement thread (statement-pool.server.ts);
// what stays here (the queries, the rows written) gives the event loop a turn
// every SLICE_MS. The rows are still written in ONE transaction: other
// requests' queries wait for it (the connection is held until COMMIT), the
// server's event loop does not.
export async function importStatement(
  db: DB,
  input: { fileName: string; bytes: Uint8Array; actor: AuditActor; issueDays: number; today?: string },
): Promise<ImportOutcome> {
  const parsed = await parseStatementInThread(input.bytes);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const first = await importOfFile(db, parsed.sha256);
  if (first) return { ok: false, message: DUPLICATE, duplicate: first };
  const { lines } = parsed;
  const pause = slicer();
  const today = input.today ?? localToday();
  const already = await settledBefore(db, lines.key, pause);
  // The credits no earlier import settled, by their index in the file.
  const fresh = Uint32Array.from(lines.credit.keys()).filter((i) => lines.credit[i] === 1 && already[i] !== 1);
  const billings = await openBillingsToMatch(db, today, input.issueDays, pause);
  // Sorting the billings and copying them to the thread: two slices, not one.
  await pause(true);
  const matched = await matchCreditsInThread(lines, fresh, billings);
  const proposal = new Map(matched.map((m) => [fresh[m.index]!, m.match]));
  const counts = { lines: lines.credit.length, credits: 0, exact: 0, probable: 0, already: 0 };
  for (let i = 0; i < counts.lines; i++) {
    if (lines.credit[i] !== 1) continue;
    counts.credits++;
    if (already[i] === 1) counts.already++;
    else if (proposal.get(i)?.kind === "exact") counts.exact++;
    else if (proposal.get(i)?.kind === "probable") counts.probable++;
  }
  const type = FILE_TYPES[parsed.kind];
  const now = new Date().toISOString();
  // Boletos attached after this one were not there to match (the review
  // looks among them: review-proposals.server.ts).
  const horizon = await db
    .selectFrom("billing_documents")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  const storeImport = () =>
    withCheckpointInThread(db, () =>
      storeWithRow(input.bytes, type.ext, (file_key) =>
        db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto("statement_imports")
            .values({
              kind: parsed.kind,
              file_name: input.fileName.slice(0, 200) || `extrato${type.ext}`,
              file_key,
              mime_type: type.mime,
              size: input.bytes.byteLength,
              sha256: parsed.sha256,
              document_horizon_id: horizon?.id ?? 0,
              account: parsed.account,
              period_start: parsed.start,
              period_end: parsed.end,
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
          for (let from = 0; from < counts.lines; from += BATCH) {
            const rows = [];
            for (let i = from; i < Math.min(from + BATCH, counts.lines); i++)
              rows.push(lineRow(lines, i, already[i] === 1, proposal.get(i)));
            await insertLines(trx, created.id, rows);
            await pause(true);
          }
          await recordAudit(trx, {
            actor: input.actor,
            action: "create",
            entity: "statement_import",
            entityId: created.id,
            after: { kind: parsed.kind, account: parsed.account, ...counts },
          });
          return created.id;
        }),
      ),
    );
  let id: number;
  try {
    id = (await storeImport())!;
  } catch (error) {
    const other = isDuplicateFile(error) ? await importOfFile(db, parsed.sha256) : null;
    if (other) return { ok: false, message: DUPLICATE, duplicate: other };
    throw error;
  }
  return { ok: true, id, ...counts };
}

// SQLite's automatic checkpoint (a COMMIT that finds the write-ahead log
// over 1,000 pages copies it into the database file, on the committing
// connection) would run inside the import's COMMIT: ~3,500 pages for the
// 36,000-line file, 130-260 ms of the event loop on the loaded machine
// (issue 34). While an import writes, it is off on this connection; after,
// the log is checkpointed in the statement thread on a connection of its own
// (checkpointInThread), then it is on again. Other requests' commits
// meanwhile leave their pages in the log for that checkpoint. Two imports at
// once share the suspension (the last one restores it). If the thread fails,
// the next COMMIT checkpoints here, as before.
const suspended = new WeakMap<DB, { imports: number; pages: Promise<number> }>();

async function withCheckpointInThread<T>(db: DB, write: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) return write(); // an in-memory database: nothing to checkpoint
  // Read and set with no await between: a second import at once joins this
  // suspension.
  let state = suspended.get(db);
  if (!state) {
    const pages = (async () => {
      const { rows: auto } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      await sql`pragma wal_autocheckpoint = 0`.execute(db);
      return Number(auto[0]?.wal_autocheckpoint ?? 1000);
    })();
    state = { imports: 0, pages };
    suspended.set(db, state);
  }
  state.imports++;
  try {
    await state.pages;
    const result = await write();
    await checkpointInThread(file).catch((error: unknown) =>
      log.warn("statement.checkpoint_failed", { reason: reasonOf(error) }),
    );
    return result;
  } finally {
    if (--state.imports === 0) {
      suspended.delete(db);
      const pages = await state.pages.catch(() => 1000);
      await sql.raw(`pragma wal_autocheckpoint = ${Math.max(0, Math.trunc(pages))}`).execute(db);
    }
  }
}

type LineRow = ReturnType<typeof lineRow>;
// The columns of a line as insertLines writes them, in its JSON's order.
const LINE_COLUMNS = [
  "position",
  "line_key",
  "posted_date",
  "amount_cents",
  "credit",
  "info",
  "movement",
  "movement_name",
  "interest_cents",
  "memo",
  "payer_name",
  "payer_doc",
  "reference",
  "document_number",
  "fees_cents",
  "match_kind",
  "match_reason",
  "billing_id",
  "due_cents",
  "difference_cents",
] as const satisfies readonly (keyof LineRow & keyof Insertable<StatementLinesTable>)[];

// A batch of lines as ONE parameter: a JSON array of rows (each an array in
// LINE_COLUMNS' order) that SQLite unpacks itself (json_each, in array order:
// the rowids follow the file). Kysely's 100-row insert was 1,700 values to
// build, compile and bind on the event loop, and a long statement to prepare,
// every batch (decision 0059's "next step"). The SQL text is the same for
// every batch; only the JSON changes.
async function insertLines(trx: Trx, importId: number, rows: LineRow[]) {
  const json = JSON.stringify(rows.map((row) => LINE_COLUMNS.map((column) => row[column])));
  await sql`insert into statement_lines (import_id, ${sql.join(LINE_COLUMNS.map((c) => sql.ref(c)))})
    select ${importId}, ${sql.join(LINE_COLUMNS.map((_, i) => sql`value ->> ${sql.lit(i)}`))}
    from json_each(${json})`.execute(trx);
}

function lineRow(lines: LineColumns, i: number, settledBefore: boolean, match: CreditMatch | undefined) {
  return {
    position: lines.position[i]!,
    line_key: textAt(lines.key, i),
    posted_date: textAt(lines.date, i),
    amount_cents: lines.amountCents[i]! as Cents,
    credit: lines.credit[i]!,
    info: lines.info[i]!,
    movement: stringAt(lines.movement, i),
    movement_name: stringAt(lines.movementName, i),
    interest_cents: lines.interestCents[i]! as Cents,
    memo: textAt(lines.memo, i),
    payer_name: stringAt(lines.payerName, i),
    payer_doc: stringAt(lines.payerDoc, i),
    reference: stringAt(lines.reference, i),
    document_number: stringAt(lines.documentNumber, i),
    fees_cents: lines.feesCents[i]! as Cents,
    match_kind: (settledBefore ? "already" : (match?.kind ?? "none")) as StatementMatchKind,
    match_reason: match?.reason ?? null,
    billing_id: match?.billingId ?? null,
    due_cents: match?.dueCents ?? null,
    difference_cents: match?.differenceCents ?? null,
  };
}

// "Extratos importados": newest first, one page at a time (issue 34).
const newestImports = (q: ReturnType<typeof allImports>) => q.selectAll().orderBy("id", "desc");
const allImports = (db: DB) => db.selectFrom("statement_imports");

export async function listStatementImports(db: DB, page = 1, size = LIST_PAGE_SIZE) {
  return pageOf(allImports(db), page, newestImports, size);
}

// Every import, batch by batch (Exportar CSV): one a bank file, a few a month.
export function statementImportsExportBatches(db: DB) {
  return queryBatches(newestImports(allImports(db)));
}
export type StatementImportItem = Awaited<ReturnType<typeof listStatementImports>>["rows"][number];
