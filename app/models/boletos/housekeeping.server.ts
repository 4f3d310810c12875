import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { removeStaleDrafts } from "./queue.server";

// Hourly housekeeping (server.ts): analysed boletos nobody confirmed or
// discarded within a day go, rows then files.
export async function removeStaleBoletoDrafts(db: Kysely<Database>) {
  await removePrivateFiles(await removeStaleDrafts(db));
}
