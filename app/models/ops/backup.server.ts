import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { inspectCopy, sha256File, walkUploads } from "./inspect.server";

// `npm run backup`: one dated archive with a consistent copy of the SQLite
// database and the uploads folder, made while the app keeps serving.
//
//   backup-2026-11-22T153012Z.tar.gz
//     manifest.json   what the archive holds (rows, files, sha256 of app.db)
//     app.db          the database, a single file (no -wal)
//     uploads/        the whole UPLOADS_DIR
//
// The archive holds password hashes and every visitor's contact details: it
// is written 0600 in a 0700 folder.

export const MANIFEST_FORMAT = 1;

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  created_at: string;
  database: { file: "app.db"; bytes: number; sha256: string; rows: Record<string, number> };
  uploads: { files: number; bytes: number };
  // Files the rows named that were already missing from UPLOADS_DIR when the
  // backup was made (the live site was already missing them).
  missing_files: string[];
};

// An operator's problem, with the message to show (Portuguese) and the list of
// what was found wrong.
export class BackupError extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
    this.name = "BackupError";
  }
}

// 2026-11-22T15:30:12.345Z -> 2026-11-22T153012Z: sorts by date, no colons.
export function timestamp(date: Date) {
  return `${date.toISOString().slice(0, 19).replace(/:/g, "")}Z`;
}

export async function run(command: string, args: string[]) {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `O comando ${command} não foi encontrado: instale-o (apt-get install ${command}).`
            : error.message,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} falhou (código ${code}): ${stderr.trim()}`)),
    );
  });
}

// The database as of one instant, while the app may be writing. The online
// backup API restarts whenever another connection writes between two of its
// steps, so under steady writes a page-by-page copy might never end; one step
// copies every page inside a single read transaction instead. In WAL mode a
// reader does not block the app's writers, so the site keeps answering.
async function snapshotDatabase(source: string, dest: string) {
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    await db.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  // A self-contained file: no -wal beside it in the archive; the app turns
  // WAL back on when it opens the restored file.
  const copy = new SQLite(dest);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

// Copies (not hard links, not tar straight from UPLOADS_DIR): an upload being
// written or a photo deleted while the archive is built must not change or
// break what was already taken. `copied` remembers each file's size and mtime
// as copied, so a second pass takes only files that are new or were still
// being written.
async function copyUploads(from: string, to: string, copied: Map<string, string>) {
  const { files } = await walkUploads(from);
  for (const rel of files.keys()) {
    const source = path.join(from, rel);
    const stat = await fs.stat(source).catch(() => null);
    if (!stat) continue; // deleted since the listing: if a row names it, the check says so
    const version = `${stat.size}:${stat.mtimeMs}`;
    if (copied.get(rel) === version) continue;
    const dest = path.join(to, rel);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    try {
      await fs.copyFile(source, dest, fs.constants.COPYFILE_FICLONE);
      copied.set(rel, version);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

type BackupResult = { file: string; manifest: Manifest; bytes: number };

// The app writes a file before its row and deletes it after the row. Uploads
// are copied once before the database snapshot, then once more for what
// appeared since: every file the snapshot names existed before it was taken,
// so it is in one of the two passes unless its row was created and deleted
// within the few seconds of the backup. Then the snapshot is taken again. A
// file still missing after that is missing from the live site itself: the
// manifest lists it and the command says so.
const ATTEMPTS = 3;

export async function createBackup(opts: {
  databasePath: string;
  uploadsDir: string;
  backupDir: string;
  now?: Date;
}): Promise<BackupResult> {
  const date = opts.now ?? new Date();
  try {
    await fs.access(opts.databasePath);
  } catch {
    throw new BackupError(`Banco de dados não encontrado em ${opts.databasePath} (confira DATABASE_PATH).`);
  }
  await fs.mkdir(opts.backupDir, { recursive: true, mode: 0o700 });
  const staging = await fs.mkdtemp(path.join(opts.backupDir, ".backup-"));
  try {
    const dbCopy = path.join(staging, "app.db");
    const uploadsCopy = path.join(staging, "uploads");
    await fs.mkdir(uploadsCopy);
    const copied = new Map<string, string>();
    await copyUploads(opts.uploadsDir, uploadsCopy, copied);
    const snapshot = async () => {
      await fs.rm(dbCopy, { force: true });
      await snapshotDatabase(opts.databasePath, dbCopy);
      await copyUploads(opts.uploadsDir, uploadsCopy, copied);
      const result = await inspectCopy(dbCopy, uploadsCopy);
      if (result.problems.length)
        throw new BackupError(
          "A cópia do banco não passou na verificação; nenhum backup foi gravado.",
          result.problems,
        );
      return result;
    };
    let found = await snapshot();
    for (let attempt = 2; attempt <= ATTEMPTS && found.missing.length > 0; attempt++) found = await snapshot();

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      created_at: date.toISOString(),
      database: {
        file: "app.db",
        bytes: (await fs.stat(dbCopy)).size,
        sha256: await sha256File(dbCopy),
        rows: found.rows,
      },
      uploads: found.uploads,
      missing_files: found.missing.map((m) => m.file),
    };
    await fs.writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    const file = path.join(opts.backupDir, `backup-${timestamp(date)}.tar.gz`);
    const partial = path.join(staging, "archive.tar.gz");
    await run("tar", ["-czf", partial, "-C", staging, "manifest.json", "app.db", "uploads"]);
    await fs.chmod(partial, 0o600);
    // Never overwrite an earlier archive; the rename makes it appear whole.
    if (await fs.stat(file).catch(() => null))
      throw new BackupError(`${file} já existe; rode de novo em alguns segundos.`);
    await fs.rename(partial, file);
    return { file, manifest, bytes: (await fs.stat(file)).size };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
