// npm run user:create -- --role master --username NAME --email EMAIL --password PASS [--name "Full Name"]
import { parseArgs } from "node:util";
import { openDatabase } from "#app/db/db.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { newStaffSchema } from "#app/models/accounts/staff.schema";
import { createStaff } from "#app/models/accounts/staff.server";
import { databasePath } from "#app/utils/env.server";

const { values } = parseArgs({
  options: {
    role: { type: "string", default: "admin" },
    username: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
  },
  strict: true,
});

const parsed = newStaffSchema.safeParse({ ...values, name: values.name ?? values.username });
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
  console.error(
    'Uso: npm run user:create -- --role master --username NOME --email EMAIL --password SENHA [--name "Nome Completo"]',
  );
  process.exit(1);
}
const db = openDatabase(databasePath());
try {
  await migrateToLatest(db);
  const result = await createStaff(db, parsed.data, null);
  if (!result.ok) {
    console.error(result.message);
    process.exitCode = 1;
  } else {
    console.log(`Conta ${parsed.data.role} "${parsed.data.username}" criada (id ${result.id}).`);
  }
} finally {
  await db.destroy();
}
