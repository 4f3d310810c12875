import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { uploadsDir } from "#app/utils/env.server";
import { PRIVATE_FILE_KINDS } from "./private-kinds.server";
import { isPrivateFileKey, removePrivateFiles } from "./private-store.server";

// Hourly housekeeping (server.ts): a private file is written a moment before
// its row (private-store.server.ts, storeWithRow), so a process killed in
// between leaves a file no row names, which nothing would ever serve or
// delete and every backup would carry. Such files go once they are an hour
// old: by then any upload that wrote them has long committed or failed.
// Only names the store itself writes are touched.
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

export async function removeOrphanPrivateFiles(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const dir = path.join(uploadsDir(), "private");
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  // Read after the listing: a file listed has its row by now, if it ever will.
  const referenced = new Set<string>();
  for (const kind of PRIVATE_FILE_KINDS) for (const row of await kind.rows(db)) referenced.add(row.file_key);
  const orphans: string[] = [];
  for (const name of names) {
    if (referenced.has(name) || !isPrivateFileKey(name)) continue;
    const stat = await fs.lstat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile() && now - stat.mtimeMs >= ORPHAN_MIN_AGE_MS) orphans.push(name);
  }
  await removePrivateFiles(orphans);
  return orphans.length;
}
