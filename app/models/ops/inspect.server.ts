import { createHash } from "node:crypto";
import { createReadStream, promises as fs } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "#app/db/schema";
import { uploadedBannerPath } from "#app/models/banners/banner-images.server";
import { PRIVATE_FILE_KINDS } from "#app/models/files/private-kinds.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { listingImagePath } from "#app/models/properties/image-store.server";
import { uploadsDir } from "#app/utils/env.server";
import { migrations } from "#migrations";

// What a backup holds and whether it can be put back: the checks shared by
// `npm run backup` (on its fresh copy, before archiving) and `npm run restore`
// (on the extracted archive, before anything live is touched).

type Inspection = {
  // Rows per table, for the manifest and the operator's summary.
  rows: Record<string, number>;
  uploads: { files: number; bytes: number };
  // Files named by rows that are not in the uploads folder ("row -> file").
  missing: { file: string; row: string }[];
  // Everything else that makes the copy unusable, in the operator's words.
  problems: string[];
};

type Reference = { file: string; row: string };

// Every file a row names, as a path relative to the uploads folder. The paths
// come from the stores that write the files (image-store, banner-images), made
// relative to whatever UPLOADS_DIR is, so the layout is written in one place.
// A new kind of stored file adds its query here (a private one to
// PRIVATE_FILE_KINDS), so that an archive without it is refused.
async function referencedFiles(db: Kysely<Database>): Promise<{ refs: Reference[]; invalid: string[] }> {
  const root = uploadsDir();
  const refs: Reference[] = [];
  const invalid: string[] = [];
  const add = (file: string, row: string) => {
    const rel = path.relative(root, file);
    // A value that would point outside the uploads folder is never followed.
    if (rel.startsWith("..") || path.isAbsolute(rel)) invalid.push(`${row}: caminho fora de uploads/ (${rel})`);
    else refs.push({ file: rel.split(path.sep).join("/"), row });
  };

  const images = await db
    .selectFrom("property_images")
    .select(["id", "property_id", "file_key", "widths"])
    .orderBy("id")
    .execute();
  for (const img of images) {
    const row = `foto ${img.id} do imóvel ${img.property_id}`;
    const widths = parseWidths(img.widths);
    if (!widths) invalid.push(`${row}: coluna widths ilegível (${img.widths})`);
    else for (const w of widths) add(listingImagePath(img.file_key, w), row);
  }

  const banners = await db
    .selectFrom("banners")
    .select(["id", "image_url", "mobile_image_url"])
    .orderBy("id")
    .execute();
  for (const banner of banners) {
    for (const url of [banner.image_url, banner.mobile_image_url]) {
      // Only uploaded replacements live in uploads/; the defaults are in public/.
      if (!url.startsWith("/uploads/banners/")) continue;
      const file = uploadedBannerPath(url);
      if (file) add(file, `banner ${banner.id}`);
      else invalid.push(`banner ${banner.id}: endereço de imagem fora do padrão (${url})`);
    }
  }

  for (const kind of PRIVATE_FILE_KINDS) {
    for (const r of await kind.rows(db)) {
      const row = kind.describe(r.id, r.owner);
      let file: string;
      try {
        file = privateFilePath(r.file_key);
      } catch {
        invalid.push(`${row}: chave de arquivo fora do padrão (${r.file_key})`);
        continue;
      }
      add(file, row);
    }
  }
  return { refs, invalid };
}

// Strict, unlike the app's reader: a widths value that is not a list of
// positive integers is reported, not taken as "no files".
function parseWidths(value: string): number[] | null {
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) && list.length > 0 && list.every((w) => Number.isInteger(w) && w > 0) ? list : null;
  } catch {
    return null;
  }
}

// Files under `dir` (relative, "/"-separated); anything that is neither a file
// nor a folder (a symlink could point anywhere once served) is a problem.
export async function walkUploads(dir: string) {
  const files = new Map<string, number>();
  const strange: string[] = [];
  async function walk(rel: string) {
    const entries = await fs
      .readdir(path.join(dir, rel), { withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" && rel === "") return [];
        throw error;
      });
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) {
        // A file deleted between the listing and this stat (the app removing a
        // photo while a backup runs) is simply not there any more.
        const stat = await fs.stat(path.join(dir, child)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return null;
          throw error;
        });
        if (stat) files.set(child, stat.size);
      } else strange.push(child);
    }
  }
  await walk("");
  return { files, strange };
}

export async function sha256File(file: string) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

function tableCounts(sqlite: SQLite.Database) {
  const rows: Record<string, number> = {};
  const tables = sqlite
    .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name")
    .pluck()
    .all() as string[];
  for (const t of tables)
    rows[t] = sqlite
      .prepare(`select count(*) from "${t.replace(/"/g, '""')}"`)
      .pluck()
      .get() as number;
  return rows;
}

// Migrations this code does not know: the copy came from a newer version of
// the app, whose schema this one cannot run (Kysely refuses to start).
function unknownMigrations(sqlite: SQLite.Database) {
  const exists = sqlite.prepare("select 1 from sqlite_schema where type = 'table' and name = 'kysely_migration'").get();
  if (!exists) return [];
  const names = sqlite.prepare("select name from kysely_migration order by name").pluck().all() as string[];
  return names.filter((n) => !(n in migrations));
}

// Checks a database copy and the uploads folder that goes with it: SQLite's
// own integrity and foreign-key checks, every file a row names, and that the
// schema is one this code can run. Never writes to either.
export async function inspectCopy(dbFile: string, uploadsRoot: string): Promise<Inspection> {
  const problems: string[] = [];
  const missing: Reference[] = [];
  let rows: Record<string, number> = {};

  const tree = await walkUploads(uploadsRoot);
  for (const s of tree.strange) problems.push(`uploads/${s} não é um arquivo comum (link simbólico ou especial)`);
  let bytes = 0;
  for (const size of tree.files.values()) bytes += size;

  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(dbFile, { readonly: true, fileMustExist: true });
    const integrity = sqlite.pragma("integrity_check(20)", { simple: false }) as { integrity_check: string }[];
    const messages = integrity.map((r) => r.integrity_check).filter((m) => m !== "ok");
    if (messages.length) {
      problems.push(`PRAGMA integrity_check falhou: ${messages.join("; ")}`);
    } else {
      const fk = sqlite.pragma("foreign_key_check") as { table: string; rowid: number; parent: string }[];
      for (const v of fk.slice(0, 20))
        problems.push(`PRAGMA foreign_key_check: ${v.table} linha ${v.rowid} aponta para ${v.parent} inexistente`);
      if (fk.length > 20) problems.push(`... e mais ${fk.length - 20} violações de chave estrangeira`);
      for (const name of unknownMigrations(sqlite))
        problems.push(
          `o banco tem a migração ${name}, que esta versão do app não conhece (backup de uma versão mais nova)`,
        );
      rows = tableCounts(sqlite);
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
      const { refs, invalid } = await referencedFiles(db);
      problems.push(...invalid);
      for (const ref of refs) if (!tree.files.has(ref.file)) missing.push(ref);
    }
  } catch (error) {
    // A file that is not a database, or one whose pages cannot be read.
    problems.push(`o banco não pôde ser lido: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    sqlite?.close();
  }
  return { rows, uploads: { files: tree.files.size, bytes }, missing, problems };
}
