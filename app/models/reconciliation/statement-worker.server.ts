import type { Cents } from "#app/models/shared/money";
import { matchCredits, type CreditMatch, type CreditToMatch, type OpenBilling } from "./match";
import { parseStatement, type StatementKind } from "./statement";

// The statement worker thread (statement-thread.cjs loads this file for
// piscina; statement-pool.server.ts is the only caller). Reading a 5 MB bank
// file and matching its credits are pure CPU work of up to a second or two:
// here they run off the server's event loop (docs/decisions/0059-statement-import-off-the-event-loop.md).
//
// Results travel as columns (one array per field), not as one object per
// line: a structured clone of 36,000 line objects cost the receiving thread
// 100-160 ms, the same data as arrays of strings and typed arrays about 5 ms.

// The lines of a statement, column by column (index i is the file's i-th line).
export type LineColumns = {
  key: string[];
  date: string[];
  amountCents: Float64Array;
  credit: Uint8Array;
  memo: string[];
  payerName: (string | null)[];
  payerDoc: (string | null)[];
  reference: (string | null)[];
  documentNumber: (string | null)[];
  feesCents: Float64Array;
  position: Float64Array;
};

// The credits to match, column by column.
export type CreditColumns = Pick<
  LineColumns,
  "key" | "date" | "amountCents" | "memo" | "payerName" | "payerDoc" | "reference" | "documentNumber"
>;

export type StatementTask =
  { op: "parse"; bytes: Uint8Array } | { op: "match"; credits: CreditColumns; billings: OpenBilling[] };

export type ParsedColumns =
  | {
      ok: true;
      kind: StatementKind;
      account: string | null;
      start: string | null;
      end: string | null;
      lines: LineColumns;
    }
  | { ok: false; message: string };

// Only the credits that matched something (most of a big file matches
// nothing): the credit's index in the task's columns and its match.
export type MatchedCredits = { index: number; match: CreditMatch }[];

function parse(bytes: Uint8Array): ParsedColumns {
  const parsed = parseStatement(bytes);
  if (!parsed.ok) return parsed;
  const { lines, kind, account, start, end } = parsed.statement;
  const n = lines.length;
  const columns: LineColumns = {
    key: new Array<string>(n),
    date: new Array<string>(n),
    amountCents: new Float64Array(n),
    credit: new Uint8Array(n),
    memo: new Array<string>(n),
    payerName: new Array<string | null>(n),
    payerDoc: new Array<string | null>(n),
    reference: new Array<string | null>(n),
    documentNumber: new Array<string | null>(n),
    feesCents: new Float64Array(n),
    position: new Float64Array(n),
  };
  lines.forEach((l, i) => {
    columns.key[i] = l.key;
    columns.date[i] = l.date;
    columns.amountCents[i] = l.amountCents;
    columns.credit[i] = l.credit ? 1 : 0;
    columns.memo[i] = l.memo;
    columns.payerName[i] = l.payerName;
    columns.payerDoc[i] = l.payerDoc;
    columns.reference[i] = l.reference;
    columns.documentNumber[i] = l.documentNumber;
    columns.feesCents[i] = l.feesCents;
    columns.position[i] = l.line;
  });
  return { ok: true, kind, account, start, end, lines: columns };
}

function match(credits: CreditColumns, billings: OpenBilling[]): MatchedCredits {
  const list: CreditToMatch[] = credits.key.map((key, i) => ({
    key,
    date: credits.date[i]!,
    amountCents: credits.amountCents[i]! as Cents,
    memo: credits.memo[i]!,
    payerName: credits.payerName[i] ?? null,
    payerDoc: credits.payerDoc[i] ?? null,
    reference: credits.reference[i] ?? null,
    documentNumber: credits.documentNumber[i] ?? null,
  }));
  return matchCredits(list, billings).flatMap((m, index) => (m.kind === "none" ? [] : [{ index, match: m }]));
}

export default function statementTask(task: StatementTask): ParsedColumns | MatchedCredits {
  return task.op === "parse" ? parse(task.bytes) : match(task.credits, task.billings);
}
