import { openDatabase } from "#app/db/db.server";
import { databasePath } from "#app/utils/env.server";
import { reasonOf } from "#app/utils/log.server";
import { HOUSEKEEPING_LISTS, runHousekeeping, type HousekeepingListName } from "./housekeeping.server";

// The housekeeping worker thread (housekeeping-thread.cjs loads this file for
// piscina; housekeeping-pool.server.ts is the only caller). It runs a list of
// housekeeping.server.ts on its own connection, as server.ts did on its
// thread: the tasks' synchronous database work no longer holds the server's
// requests (docs/decisions/0058-scale-data-set.md, "The hourly job at scale").
// Each task's failure is logged here ("housekeeping.failed"), as before.

export type HousekeepingThreadTask = {
  list: HousekeepingListName;
  // Set to 1 by the server when it stops: the run ends before its next task.
  stop: Int32Array;
};

// Each task's name and time, its counts (plain data) or its failure's reason.
export type HousekeepingThreadResult = {
  name: string;
  ms: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}[];

export default async function housekeepingTask({
  list,
  stop,
}: HousekeepingThreadTask): Promise<HousekeepingThreadResult> {
  const db = openDatabase(databasePath());
  try {
    const results = await runHousekeeping(db, HOUSEKEEPING_LISTS[list], { stopped: () => Atomics.load(stop, 0) === 1 });
    return results.map((r) =>
      r.ok
        ? { name: r.name, ms: r.ms, ok: true, result: r.result }
        : { name: r.name, ms: r.ms, ok: false, error: reasonOf(r.error) },
    );
  } finally {
    await db.destroy();
  }
}
