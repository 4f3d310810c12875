import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { cleanupAccounts } from "#app/models/accounts/cleanup.server";
import { runChargingJob } from "#app/models/billing/jobs.server";
import { removeStaleBoletoDrafts } from "#app/models/boletos/housekeeping.server";
import { removeOrphanPrivateFiles } from "#app/models/files/orphans.server";
import { sendQueuedEmails } from "#app/models/email/outbox.server";
import { queueInspectionReports } from "#app/models/inspections/finalize.server";
import { recordTacitAcceptances } from "#app/models/inspections/tacit-acceptance.server";
import { prepareIncomeReportEmails } from "#app/models/owners/income-report-email.server";
import { drawStatementPdfs } from "#app/models/owners/mark-transfer.server";
import { queueOwnerStatementEmails } from "#app/models/owners/owner-statement-email.server";
import { runReadjustments } from "#app/models/owners/readjustments.server";
import { queueOwnerNotices } from "#app/models/owners/owner-notices.server";
import { localToday } from "#app/models/shared/days";
import { anonymizeExpiredRequests } from "#app/models/privacy/privacy.server";
import { getEnv } from "#app/utils/env.server";
import { log } from "#app/utils/log.server";

// The hourly housekeeping, in one list that server.ts (every hour, and the
// charging job at start) and `npm run jobs:run` (scripts/jobs-run.ts) both
// run, so the two cannot drift apart. The server runs it in a worker thread
// (housekeeping-pool.server.ts): each task may read thousands of rows through
// synchronous better-sqlite3, which on the server's thread would hold every
// request (docs/decisions/0058-scale-data-set.md, "The hourly job at scale").

type DB = Kysely<Database>;

export type HousekeepingTask = { name: string; run: (db: DB) => Promise<unknown> };

export const CHARGING_TASK: HousekeepingTask = { name: "charging", run: (db) => runChargingJob(db) };

export const EMAILS_TASK: HousekeepingTask = { name: "emails", run: (db) => sendQueuedEmails(db) };

// The write-ahead log copied into the database file, every minute, on the
// housekeeping thread's connection: the server's own connection then rarely
// crosses its autocheckpoint inside a request (db.server.ts,
// SERVER_AUTOCHECKPOINT_PAGES). PASSIVE: it copies what no reader still needs
// and waits for nobody; what it leaves, the next minute takes.
export const CHECKPOINT_TASK: HousekeepingTask = {
  name: "wal checkpoint",
  run: async (db) => {
    const { rows } = await sql<{
      busy: number;
      log: number;
      checkpointed: number;
    }>`pragma wal_checkpoint(PASSIVE)`.execute(db);
    return rows[0];
  },
};

// Private files no row names (a process killed between the file and its row,
// or between a row's deletion and its file's). Once a day, at a quiet hour,
// not hourly: it must list the whole directory and read every file key (a
// file per receipt: 258,000 after five years at 5,000 contracts), for a
// leftover that happens once in months and costs only disk meanwhile.
export const ORPHAN_FILES_TASK: HousekeepingTask = {
  name: "orphan private files",
  run: async (db) => {
    const removed = await removeOrphanPrivateFiles(db);
    if (removed > 0) log.info("housekeeping.orphan_files_removed", { count: removed });
    return { removed };
  },
};

export const HOUSEKEEPING_TASKS: readonly HousekeepingTask[] = [
  // Expired sessions, reset tokens and login windows.
  { name: "accounts", run: cleanupAccounts },
  // Yearly rent readjustments (models/owners/readjustments.server.ts), before
  // charging so that billings issued on the anniversary use the new rent.
  { name: "readjustments", run: (db) => runReadjustments(db) },
  // Billings issued, overdue stored, email notices (models/billing/jobs.server.ts).
  CHARGING_TASK,
  // Final statements whose PDF a stopped process left undrawn, each with its
  // owner's copy (models/owners/mark-transfer.server.ts).
  { name: "owner statement PDFs", run: (db) => drawStatementPdfs(db) },
  // The owners' copies of final statements never queued (the owner had no
  // email then; models/owners/owner-statement-email.server.ts).
  { name: "owner statements", run: (db) => queueOwnerStatementEmails(db) },
  // The owners' emails (decision 0077): arrears, a lease ending, a readjustment applied.
  { name: "owner notices", run: (db) => queueOwnerNotices(db, localToday()) },
  // Informes de rendimentos asked for by staff, drawn into the outbox
  // (models/owners/income-report-email.server.ts).
  { name: "income reports", run: (db) => prepareIncomeReportEmails(db) },
  // Finalized inspection reports never queued (models/inspections/finalize.server.ts).
  { name: "inspection reports", run: (db) => queueInspectionReports(db) },
  // Entry inspections whose contest window closed without a contest: accepted, tacitly (decision 0080).
  {
    name: "tacit acceptances",
    run: (db) => recordTacitAcceptances(db, localToday(), getEnv().INSPECTION_CONTEST_DAYS),
  },
  // The email outbox: whatever is due (models/email/outbox.server.ts).
  EMAILS_TASK,
  { name: "boleto drafts", run: removeStaleBoletoDrafts },
  // LGPD: visitor requests past the retention period lose their personal fields.
  { name: "privacy retention", run: (db) => anonymizeExpiredRequests(db, getEnv().PRIVACY_RETENTION_MONTHS) },
];

// Once a day (server.ts, 03:47 in the agency's zone); `npm run jobs:run` runs
// them after the hourly ones.
export const DAILY_TASKS: readonly HousekeepingTask[] = [ORPHAN_FILES_TASK];

// The lists by name, for the worker thread (a function cannot cross threads).
export const HOUSEKEEPING_LISTS = {
  hourly: HOUSEKEEPING_TASKS,
  daily: DAILY_TASKS,
  emails: [EMAILS_TASK, CHECKPOINT_TASK],
} as const satisfies Record<string, readonly HousekeepingTask[]>;
export type HousekeepingListName = keyof typeof HOUSEKEEPING_LISTS;

export type HousekeepingResult = { name: string; ms: number } & (
  { ok: true; result: unknown } | { ok: false; error: unknown }
);

// Runs the tasks one after another; a failure is logged and never stops the
// others (nor the server). `stopped` is asked before each task: a server
// shutting down ends the run between two tasks, never inside one.
export async function runHousekeeping(
  db: DB,
  tasks: readonly HousekeepingTask[] = HOUSEKEEPING_TASKS,
  { stopped = () => false }: { stopped?: () => boolean } = {},
): Promise<HousekeepingResult[]> {
  const results: HousekeepingResult[] = [];
  for (const task of tasks) {
    if (stopped()) break;
    const started = performance.now();
    try {
      const result = await task.run(db);
      results.push({ name: task.name, ms: performance.now() - started, ok: true, result });
    } catch (error) {
      log.error("housekeeping.failed", { task: task.name, error });
      results.push({ name: task.name, ms: performance.now() - started, ok: false, error });
    }
  }
  return results;
}
