// npm run jobs:run: the hourly housekeeping once, now (for operators and
// tests): sessions and tokens, the charging job (billings issued, overdue,
// email notices), boleto drafts, LGPD retention; then the daily one (orphan
// files). The same lists server.ts runs every hour and every night
// (app/models/ops/housekeeping.server.ts), on the database server.ts opens,
// migrated first as server.ts does; here on this process's thread (nothing
// else waits for it). Exits 1 when a
// task failed; a notice that could not be sent is not a failure (it is tried
// again next hour) but is counted.
import { openDatabase } from "#app/db/db.server";
import { migrateToLatest } from "#app/db/migrate.server";
import type { ChargingJobCounts } from "#app/models/billing/jobs.server";
import { DAILY_TASKS, HOUSEKEEPING_TASKS, runHousekeeping } from "#app/models/ops/housekeeping.server";
import { databasePath } from "#app/utils/env.server";
import { reasonOf } from "#app/utils/log.server";

const db = openDatabase(databasePath());
try {
  await migrateToLatest(db);
  const results = await runHousekeeping(db, [...HOUSEKEEPING_TASKS, ...DAILY_TASKS]);
  for (const r of results) {
    if (!r.ok) {
      console.error(`${r.name}: falhou (${reasonOf(r.error)})`);
      process.exitCode = 1;
    } else if (r.name === "charging") {
      const c = r.result as ChargingJobCounts;
      console.log(
        `${r.name}: ${c.created} cobrança(s) criada(s), ${c.markedOverdue} marcada(s) em atraso; ` +
          `avisos: ${c.notices.queued} na fila, ${c.notices.sent} enviado(s), ${c.notices.failed} com falha`,
      );
    } else {
      console.log(`${r.name}: ok`);
    }
  }
} finally {
  await db.destroy();
}
