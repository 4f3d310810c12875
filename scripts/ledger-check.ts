// npm run ledger:check [-- --db path]: recomputes every billing's open
// amount, amount received and paid-or-not from the ledger's entries and
// compares them with the billing rows (app/models/ledger/check.server.ts;
// docs/decisions/0061-rent-ledger.md). Prints the figures; exits 1 on any
// difference. Run on the scale data set after a change to the money code.
import { openDatabase } from "#app/db/db.server";
import { checkProjection } from "#app/models/ledger/check.server";
import { databasePath } from "#app/utils/env.server";

const at = process.argv.indexOf("--db");
const file = at > 0 ? process.argv[at + 1]! : databasePath();
const db = openDatabase(file);
try {
  const started = performance.now();
  const mismatches = await checkProjection(db);
  const counts = await db
    .selectFrom("ledger_entries")
    .select((eb) => [eb.fn.countAll<number>().as("entries")])
    .executeTakeFirstOrThrow();
  const billings = await db
    .selectFrom("billing")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const notes = await db
    .selectFrom("ledger_backfill_notes")
    .select(["reason", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("reason")
    .execute();
  console.log(
    `${file}: ${billings.n} cobranças, ${counts.entries} lançamentos, ${Math.round(performance.now() - started)} ms`,
  );
  for (const n of notes) console.log(`migração: ${n.n} × ${n.reason}`);
  if (mismatches.length === 0) console.log("Projeção confere com os lançamentos.");
  else {
    for (const m of mismatches) console.log(JSON.stringify(m));
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
