// npm run seed:scale -- --contracts N --years Y [--seed S] [--out data/scale/app.db]
//   [--today yyyy-mm-dd] [--credits 36000] [--all-receipts] [--replace]
//
// Builds a fresh database of an agency at scale (issue 34;
// docs/decisions/0058-scale-data-set.md) through the app's own models
// (scripts/lib/scale-seed.ts), its private files in `uploads/` beside it, and
// for the import bench a statement of `--credits` credits drawn from its
// billings (`extrato-<credits>.ofx` beside it). `scale.json` beside it keeps
// what the bench needs: the seed, "today", a tenant's login, the counts.
// Deterministic from the seed: the same arguments give the same rows.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";

const USAGE =
  "uso: npm run seed:scale -- --contracts N --years Y [--seed S] [--out data/scale/app.db] [--today aaaa-mm-dd] [--credits 36000] [--all-receipts] [--replace]";

const { values } = parseArgs({
  options: {
    contracts: { type: "string" },
    years: { type: "string" },
    seed: { type: "string", default: "34" },
    out: { type: "string", default: "data/scale/app.db" },
    today: { type: "string" },
    credits: { type: "string", default: "36000" },
    "all-receipts": { type: "boolean", default: false },
    replace: { type: "boolean", default: false },
  },
});

const positive = (text: string | undefined, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
};
const contracts = positive(values.contracts, 100_000);
const years = positive(values.years, 30);
const seed = positive(values.seed, 2 ** 31);
const credits = values.credits === "0" ? 0 : positive(values.credits, 1_000_000);
if (!contracts || !years || !seed || credits === null || (values.today && !/^\d{4}-\d{2}-\d{2}$/.test(values.today))) {
  console.error(USAGE);
  process.exit(2);
}

const out = path.resolve(values.out);
const dir = path.dirname(out);
const uploads = path.join(dir, "uploads");
if (fs.existsSync(out)) {
  if (!values.replace) {
    console.error(`${out} já existe: o seed de escala cria um banco novo (use --replace para apagá-lo).`);
    process.exit(2);
  }
  for (const file of [out, `${out}-wal`, `${out}-shm`, path.join(dir, "scale.json")]) fs.rmSync(file, { force: true });
  fs.rmSync(uploads, { recursive: true, force: true });
}
// Before the app's modules read the environment (app/utils/env.server.ts).
process.env.DATABASE_PATH = out;
process.env.UPLOADS_DIR = uploads;

const { openDatabase } = await import("#app/db/db.server");
const { migrateToLatest } = await import("#app/db/migrate.server");
const { seedScale, scaleStatement, scaleTenantPassword } = await import("./lib/scale-seed");
const { MAX_STATEMENT_BYTES } = await import("#app/models/reconciliation/statement");

const db = openDatabase(out);
try {
  await migrateToLatest(db);
  console.log(`Base de escala: ${contracts} contratos, ${years} anos, semente ${seed} → ${out}`);
  const result = await seedScale(db, {
    contracts,
    years,
    seed,
    today: values.today,
    recentReceiptDays: values["all-receipts"] ? Infinity : undefined,
    progress: (line) => console.log(line),
  });
  const tenant = await db
    .selectFrom("clients")
    .innerJoin("users", "users.id", "clients.user_id")
    .select(["clients.id", "clients.name", "users.username"])
    .orderBy("clients.id")
    .executeTakeFirstOrThrow();
  let statement: string | null = null;
  if (credits > 0) {
    const file = await scaleStatement(db, credits, result.today);
    statement = path.join(dir, `extrato-${file.credits}.ofx`);
    fs.writeFileSync(statement, file.bytes);
    if (file.bytes.byteLength > MAX_STATEMENT_BYTES)
      console.log(`  atenção: o extrato passa do limite de upload (${MAX_STATEMENT_BYTES} bytes); use --credits menor`);
    console.log(
      `  extrato para o benchmark: ${file.credits} créditos, ${(file.bytes.byteLength / 1024 / 1024).toFixed(2)} MB → ${statement}`,
    );
  }
  // A checkpoint, so the file alone is the whole database (the bench copies it).
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const info = {
    contracts,
    years,
    seed,
    today: result.today,
    seconds: Math.round(result.seconds),
    tenant: { clientId: tenant.id, name: tenant.name, username: tenant.username, password: scaleTenantPassword(seed) },
    statement: statement && path.basename(statement),
    counts: result.counts,
  };
  fs.writeFileSync(path.join(dir, "scale.json"), `${JSON.stringify(info, null, 2)}\n`);
  const c = result.counts;
  console.log(
    `Pronto em ${result.seconds.toFixed(1)} s: ${c.owners} proprietários, ${c.clients} contratos, ${c.billings} cobranças ` +
      `(${Object.entries(c.byStatus)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}), ${c.receipts} recibos, ${c.ownerStatements} repasses, ${c.statementLines} linhas de extrato, ` +
      `${c.tenantLogins} logins de inquilino (${tenant.username} / ${scaleTenantPassword(seed)})`,
  );
} catch (error) {
  console.error("Falha no seed de escala:", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
