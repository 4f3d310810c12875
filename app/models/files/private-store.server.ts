import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { uploadsDir } from "#app/utils/env.server";
import { nameWithExtension } from "#app/utils/file-names";
import { log } from "#app/utils/log.server";

// Private files (docs/decisions/0024-private-files.md): contracts, maintenance
// images and documents under uploads/private, named by a random key that the
// rows keep. Never served statically; the file routes check who asks first.

const KEY = /^[A-Za-z0-9_-]{16,64}(\.[a-z0-9]{1,5})?$/;

export function isPrivateFileKey(name: string) {
  return KEY.test(name);
}

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
      log.warn("file.remove_failed", { key, error });
    }
  }
}

// Writes a new private file under a fresh random key (never overwriting one)
// and returns the key. The caller writes the row that names it, and removes
// the file when that row is not written.
export async function storePrivateFile(bytes: Uint8Array, ext: string) {
  const key = `${randomBytes(24).toString("base64url")}${ext}`;
  const file = privateFilePath(key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes, { flag: "wx" });
  return key;
}

// The original name as a person reads it: no folders, no control characters,
// at most 200 characters, ending in an extension of the detected type
// (app/utils/file-names.ts); `fallbackBase` plus that extension when nothing
// is left.
export function storedFileName(name: string, type: { mime: string; ext: string }, fallbackBase: string) {
  const base = (name.split(/[/\\]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex -- control characters are the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
  return nameWithExtension(base.slice(0, 200) || `${fallbackBase}${type.ext}`, type.mime);
}

// Stores the bytes under a fresh key, then runs `write` (the row and its audit
// row, in one transaction). When `write` returns null (its parent row is gone)
// or throws, the file is removed again: a stored file always has its row.
export async function storeWithRow<T>(
  bytes: Uint8Array,
  ext: string,
  write: (key: string) => Promise<T | null>,
): Promise<T | null> {
  const key = await storePrivateFile(bytes, ext);
  try {
    const result = await write(key);
    if (result === null) await removePrivateFiles([key]);
    return result;
  } catch (error) {
    await removePrivateFiles([key]);
    throw error;
  }
}
