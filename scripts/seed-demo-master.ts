import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { createStaff } from "#app/models/accounts/staff.server";
import { countUsers } from "#app/models/accounts/users.server";
import { absoluteUrl } from "#app/utils/env.server";

// The demo's master account, created once when no staff account exists, with
// a random password printed on the console (never a well-known one).
export async function seedDemoMaster(db: Kysely<Database>) {
  if ((await countUsers(db, "master")) + (await countUsers(db, "admin")) > 0) return null;
  const password = `demo${randomBytes(6).toString("hex")}`;
  const result = await createStaff(
    db,
    { role: "master", username: "admin", email: "admin@lagoaimoveis.com.br", name: "Administrador", password },
    null,
  );
  if (!result.ok) return null;
  console.log("");
  console.log("  Conta master de demonstração criada:");
  console.log("    usuário: admin   (ou admin@lagoaimoveis.com.br)");
  console.log(`    senha:   ${password}`);
  console.log(`    entre em ${absoluteUrl("/admin")}`);
  console.log("");
  return { username: "admin", password };
}
