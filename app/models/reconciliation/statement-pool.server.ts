import path from "node:path";
import { Piscina } from "piscina";
import type { OpenBilling } from "./match";
import type {
  CheckpointDone,
  LineColumns,
  MatchedCredits,
  ParsedColumns,
  StatementTask,
} from "./statement-worker.server";

// Reading and matching a bank statement in a worker thread
// (statement-worker.server.ts; docs/decisions/0059-statement-import-off-the-event-loop.md),
// so a 5 MB file of 36,000 lines never holds the server's event loop: the
// request waits for the thread, every other request goes on.

// Vite's server bundle, Vitest and tsx all run this module from different
// places; the project root is the working directory of each (as for the
// boleto thread, read-boleto.server.ts).
const WORKER_FILE = path.resolve(process.cwd(), "app/models/reconciliation/statement-thread.cjs");
// A file that made the reader spin would be cut off here (the tokenizer is
// linear: 5 MB reads in well under a second).
const TASK_TIMEOUT_MS = 60_000;
// Imports are rare: a few waiting is plenty; more are refused (the route
// answers "try again").
const MAX_QUEUE = 8;
// The idle thread (a few MB) goes after a minute.
const IDLE_MS = 60_000;

let pool: Piscina<StatementTask, ParsedColumns | MatchedCredits | CheckpointDone> | null = null;

function getPool() {
  pool ??= new Piscina<StatementTask, ParsedColumns | MatchedCredits | CheckpointDone>({
    filename: WORKER_FILE,
    // Not the parent's flags (tsx's hooks under `tsx server.ts`): the entry
    // registers tsx itself when it needs it.
    execArgv: [],
    // One thread: on 2 cores the other is the server's.
    minThreads: 0,
    maxThreads: 1,
    maxQueue: MAX_QUEUE,
    idleTimeout: IDLE_MS,
    // A hostile file that blew up the reader's memory ends this thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return pool;
}

// The file's lines, column by column, or the reader's message for staff.
export async function parseStatementInThread(bytes: Uint8Array): Promise<ParsedColumns> {
  // The thread gets its own copy: the caller's buffer stays usable. (Not
  // `bytes.slice()`: on a Buffer that is a view, and transferring it would
  // detach the caller's memory.)
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return (await getPool().run(
    { op: "parse", bytes: copy },
    { transferList: [copy.buffer as ArrayBuffer], signal: AbortSignal.timeout(TASK_TIMEOUT_MS) },
  )) as ParsedColumns;
}

// The credits that match an open billing (match.ts): `credits` are the
// indices of the lines to match; each result's `index` is a position in it.
export async function matchCreditsInThread(
  lines: LineColumns,
  credits: Uint32Array,
  billings: OpenBilling[],
): Promise<MatchedCredits> {
  return (await getPool().run(
    { op: "match", lines, credits, billings },
    { signal: AbortSignal.timeout(TASK_TIMEOUT_MS) },
  )) as MatchedCredits;
}

// The database file's write-ahead log checkpointed on the thread's own
// connection (statement-worker.server.ts).
export async function checkpointInThread(file: string): Promise<CheckpointDone> {
  return (await getPool().run(
    { op: "checkpoint", file },
    { signal: AbortSignal.timeout(TASK_TIMEOUT_MS) },
  )) as CheckpointDone;
}

// Tests and scripts end the thread so the process can exit at once.
export async function closeStatementThread() {
  const current = pool;
  pool = null;
  await current?.destroy();
}
