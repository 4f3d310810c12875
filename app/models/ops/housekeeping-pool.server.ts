import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Piscina } from "piscina";
import type { HousekeepingListName } from "./housekeeping.server";
import type { HousekeepingThreadResult, HousekeepingThreadTask } from "./housekeeping-worker.server";

// The server's housekeeping (server.ts: hourly, nightly, the email outbox
// every minute) in one worker thread with its own database connection
// (housekeeping-worker.server.ts; docs/decisions/0058-scale-data-set.md, "The
// hourly job at scale"). better-sqlite3 answers synchronously, so on the
// server's thread a task was one block of the event loop as long as the task
// (10 s measured at 500 contracts). Here the server's thread only waits for
// a message.
//
// One thread, one run at a time: the lists queue behind each other, so two
// runs never overlap (the crons' `protect` keeps each list from queueing
// twice). Its writes take SQLite's write lock like any request's; every task
// writes in short transactions (a hundred rows or so), and the requests'
// writes wait for the lock without blocking (db/busy-retry.server.ts).

// Vite's server bundle, Vitest and tsx all run this module from different
// places; the project root is the working directory of each (as for the
// statement thread, statement-pool.server.ts).
const WORKER_FILE = path.resolve(process.cwd(), "app/models/ops/housekeeping-thread.cjs");
// A run that hangs (an SMTP server that accepts and never answers, past
// nodemailer's own timeouts) is ended here, so the next hour runs again.
const RUN_TIMEOUT_MS = 30 * 60_000;
// At most one run of each list waits behind the current one.
const MAX_QUEUE = 4;
// Kept between the every-minute runs; gone after five idle minutes.
const IDLE_MS = 5 * 60_000;

// Set to 1 when the server stops: a run ends before its next task.
const stop = new Int32Array(new SharedArrayBuffer(4));
const running = new Set<Promise<unknown>>();
let pool: Piscina<HousekeepingThreadTask, HousekeepingThreadResult> | null = null;

function getPool() {
  pool ??= new Piscina<HousekeepingThreadTask, HousekeepingThreadResult>({
    filename: WORKER_FILE,
    // Not the parent's flags (tsx's hooks under `tsx server.ts`): the entry
    // registers tsx itself when it needs it.
    execArgv: [],
    minThreads: 0,
    maxThreads: 1,
    maxQueue: MAX_QUEUE,
    idleTimeout: IDLE_MS,
  });
  return pool;
}

// Runs a list of housekeeping.server.ts in the thread; resolves with each
// task's name, time and outcome (failures are logged by the thread).
export function runHousekeepingInThread(list: HousekeepingListName): Promise<HousekeepingThreadResult> {
  Atomics.store(stop, 0, 0);
  const run = getPool().run({ list, stop }, { signal: AbortSignal.timeout(RUN_TIMEOUT_MS) });
  running.add(run);
  void run.finally(() => running.delete(run)).catch(() => {});
  return run;
}

// On SIGTERM: the run in progress ends after its current task (or is cut
// off after `graceMs`: a write transaction cut off is rolled back by SQLite),
// then the thread goes.
export async function stopHousekeepingThread(graceMs = 4000) {
  Atomics.store(stop, 0, 1);
  const current = pool;
  pool = null;
  if (!current) return;
  await Promise.race([Promise.allSettled(running), sleep(graceMs)]);
  await current.destroy();
}
