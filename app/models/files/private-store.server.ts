import fs from "node:fs/promises";
import path from "node:path";
import { uploadsDir } from "#app/utils/env.server";

// Private files (DESIGN.md decision 8): contracts, maintenance images and
// documents under uploads/private, named by a random key that the rows keep.
// Never served statically; the file routes check who asks first.

const KEY = /^[A-Za-z0-9_-]{16,64}(\.[a-z0-9]{1,5})?$/;

export function privateFilePath(key: string) {
  if (!KEY.test(key)) throw new Error("invalid private file key");
  return path.join(uploadsDir(), "private", key);
}

// Removes files whose rows are gone (after the commit). A file already
// missing is fine; another failure is logged, never thrown at the person.
export async function removePrivateFiles(keys: readonly string[]) {
  for (const key of keys) {
    try {
      await fs.rm(privateFilePath(key), { force: true });
    } catch (error) {
      console.warn(`private file ${key} not removed:`, error instanceof Error ? error.message : error);
    }
  }
}
