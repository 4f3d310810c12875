import { createHash } from "node:crypto";
import SQLite from "better-sqlite3";
import type { Cents } from "#app/models/shared/money";
import { matchCredits, type CreditMatch, type CreditToMatch, type OpenBilling } from "./match";
import { packStrings, stringAt, textAt, type PackedStrings } from "./packed-strings";
import { parseStatement, type StatementKind } from "./statement";

// The statement worker thread (statement-thread.cjs loads this file for
// piscina; statement-pool.server.ts is the only caller). Reading a 5 MB bank
// file and matching its credits are pure CPU work of up to a second or two:
// here they run off the server's event loop (docs/decisions/0059-statement-import-off-the-event-loop.md).
// Neither needs the database; the checkpoint after an import opens its own
// connection for that one statement.
//
// Results travel as columns (one array per field), not as one object per
// line: a structured clone of 36,000 line objects cost the receiving thread
// 100-160 ms. Numbers are typed arrays; the strings of a column are one
// packed string (packed-strings.ts): as arrays of 36,000 strings they still
// cost the server thread 60-90 ms to receive on the loaded machine (issue 34).

// The lines of a statement, column by column (index i is the file's i-th line).
export type LineColumns = {
  key: PackedStrings;
  date: PackedStrings;
  amountCents: Float64Array;
  credit: Uint8Array;
  info: Uint8Array;
  movement: PackedStrings;
  movementName: PackedStrings;
  memo: PackedStrings;
  payerName: PackedStrings;
  payerDoc: PackedStrings;
  reference: PackedStrings;
  documentNumber: PackedStrings;
  feesCents: Float64Array;
  interestCents: Float64Array;
  position: Float64Array;
};

// The lines go back to the thread whole (a few long strings: a copy of a few
// MB), with the indices of the credits to match: the server thread never
// builds the credits' columns.
export type StatementTask =
  | { op: "parse"; bytes: Uint8Array }
  | { op: "match"; lines: LineColumns; credits: Uint32Array; billings: OpenBilling[] }
  | { op: "checkpoint"; file: string };

export type ParsedColumns =
  | {
      ok: true;
      kind: StatementKind;
      sha256: string; // of the file's bytes: the same file imported twice is one import
      account: string | null;
      start: string | null;
      end: string | null;
      lines: LineColumns;
    }
  | { ok: false; message: string };

// Only the credits that matched something (most of a big file matches
// nothing): the credit's index in the task's `credits` and its match.
export type MatchedCredits = { index: number; match: CreditMatch }[];

function parse(bytes: Uint8Array): ParsedColumns {
  const parsed = parseStatement(bytes);
  if (!parsed.ok) return parsed;
  const { lines, kind, account, start, end } = parsed.statement;
  const columns: LineColumns = {
    key: packStrings(lines.map((l) => l.key)),
    date: packStrings(lines.map((l) => l.date)),
    amountCents: Float64Array.from(lines, (l) => l.amountCents),
    credit: Uint8Array.from(lines, (l) => (l.credit ? 1 : 0)),
    info: Uint8Array.from(lines, (l) => (l.info ? 1 : 0)),
    movement: packStrings(lines.map((l) => l.movement)),
    movementName: packStrings(lines.map((l) => l.movementName)),
    memo: packStrings(lines.map((l) => l.memo)),
    payerName: packStrings(lines.map((l) => l.payerName)),
    payerDoc: packStrings(lines.map((l) => l.payerDoc)),
    reference: packStrings(lines.map((l) => l.reference)),
    documentNumber: packStrings(lines.map((l) => l.documentNumber)),
    feesCents: Float64Array.from(lines, (l) => l.feesCents),
    interestCents: Float64Array.from(lines, (l) => l.interestCents),
    position: Float64Array.from(lines, (l) => l.line),
  };
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { ok: true, kind, sha256, account, start, end, lines: columns };
}

function match(lines: LineColumns, credits: Uint32Array, billings: OpenBilling[]): MatchedCredits {
  const list: CreditToMatch[] = Array.from(credits, (i) => ({
    key: textAt(lines.key, i),
    date: textAt(lines.date, i),
    amountCents: lines.amountCents[i]! as Cents,
    memo: textAt(lines.memo, i),
    payerName: stringAt(lines.payerName, i),
    payerDoc: stringAt(lines.payerDoc, i),
    reference: stringAt(lines.reference, i),
    documentNumber: stringAt(lines.documentNumber, i),
  }));
  return matchCredits(list, billings).flatMap((m, index) => (m.kind === "none" ? [] : [{ index, match: m }]));
}

// The write-ahead log copied into the database file after an import
// (imports.server.ts): on the server's connection this ran inside the
// import's COMMIT, as SQLite's automatic checkpoint, 130-260 ms of the event
// loop for the 36,000-line file's ~3,500 pages. Here on a connection of its
// own: PASSIVE waits for no one, and the server's reads and writes go on
// beside it (a write appends to the log meanwhile). Pages are the frames
// copied, or null when another checkpoint held the lock.
function checkpoint(file: string): CheckpointDone {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    const [row] = db.pragma("wal_checkpoint(PASSIVE)") as { busy: number; log: number; checkpointed: number }[];
    return { pages: row && row.busy === 0 ? row.checkpointed : null };
  } finally {
    db.close();
  }
}
export type CheckpointDone = { pages: number | null };

export default function statementTask(task: StatementTask): ParsedColumns | MatchedCredits | CheckpointDone {
  if (task.op === "parse") return parse(task.bytes);
  if (task.op === "match") return match(task.lines, task.credits, task.billings);
  return checkpoint(task.file);
}
