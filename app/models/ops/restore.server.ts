import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { BackupError, MANIFEST_FORMAT, run, timestamp, type Manifest } from "./backup.server";
import { inspectCopy, sha256File } from "./inspect.server";

// `npm run restore -- FILE`: checks an archive of `npm run backup` in a
// scratch folder, and only when everything in it holds, swaps the database
// and the uploads folder into place, keeping the previous ones beside them.

// Whether another connection has the database open: the running app, in this
// container or in another one sharing the volume, or a sqlite3 shell. SQLite's
// own file locks tell: in WAL mode every connection keeps a shared lock on the
// file from its first read on (the app reads at once: openDatabase's
// journal_mode pragma, then every query), so an exclusive lock is refused
// while one is open. A lock rather than a pid file or a port probe: it is what
// actually guards the file, it works across containers on the same volume,
// and it cannot go stale after a crash. Its blind spot: a server that has
// started but not opened the database yet (it opens it on the first request)
// holds nothing; hence "stop the app first" in the README. `--force` skips the
// check, for a current file too damaged for SQLite to lock.
function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false; // a first restore into an empty folder
  const sqlite = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    sqlite.pragma("locking_mode = EXCLUSIVE");
    sqlite.exec("BEGIN EXCLUSIVE");
    sqlite.exec("COMMIT");
    return false;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return true;
    throw new BackupError(
      `Não foi possível verificar se o app está parado: o banco atual (${file}) não abre (${(error as Error).message}). ` +
        "Se o app está parado, rode de novo com --force.",
    );
  } finally {
    sqlite.close();
  }
}

async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, "manifest.json"), "utf8"));
  } catch {
    throw new BackupError("O arquivo não tem um manifest.json legível: não é um backup deste app.");
  }
  if (manifest?.format !== MANIFEST_FORMAT || typeof manifest.database?.sha256 !== "string" || !manifest.uploads) {
    throw new BackupError(`manifest.json em formato desconhecido (format ${String(manifest?.format)}).`);
  }
  return manifest;
}

// Extracts and checks the archive in `dir`; throws BackupError listing every
// problem. Files the manifest says the live site already lacked are accepted
// only with `acceptMissing`.
async function checkArchive(archive: string, dir: string, opts: { acceptMissing?: boolean } = {}) {
  // GNU tar refuses members with ".." and strips a leading "/"; symlinks and
  // other oddities are refused by the inspection below.
  await run("tar", ["-xzf", archive, "-C", dir, "--no-same-owner"]).catch((error: Error) => {
    throw new BackupError(`Não foi possível extrair ${archive}: ${error.message}`);
  });
  const unexpected = (await fs.readdir(dir)).filter((n) => !["manifest.json", "app.db", "uploads"].includes(n));
  const manifest = await readManifest(dir);
  const dbFile = path.join(dir, "app.db");
  const problems = unexpected.map((n) => `entrada inesperada no arquivo: ${n}`);

  const sha = await sha256File(dbFile).catch(() => null);
  if (sha === null) problems.push("o arquivo não contém app.db");
  else if (sha !== manifest.database.sha256)
    problems.push("app.db não confere com o sha256 do manifesto (arquivo corrompido ou alterado)");

  const found = await inspectCopy(dbFile, path.join(dir, "uploads"));
  problems.push(...found.problems);
  const alreadyMissing = new Set(manifest.missing_files ?? []);
  for (const m of found.missing) {
    if (!alreadyMissing.has(m.file)) problems.push(`falta uploads/${m.file} (${m.row})`);
    else if (!opts.acceptMissing)
      problems.push(
        `falta uploads/${m.file} (${m.row}); já faltava no servidor quando o backup foi feito: use --aceitar-faltantes para restaurar mesmo assim`,
      );
  }
  if (found.uploads.files !== manifest.uploads.files || found.uploads.bytes !== manifest.uploads.bytes) {
    problems.push(
      `uploads/ tem ${found.uploads.files} arquivos (${found.uploads.bytes} bytes), o manifesto diz ${manifest.uploads.files} (${manifest.uploads.bytes} bytes)`,
    );
  }
  if (problems.length)
    throw new BackupError(`O backup ${path.basename(archive)} não passou na verificação; nada foi alterado.`, problems);
  return { manifest, rows: found.rows, uploads: found.uploads };
}

// rename(), or a copy beside the target then rename() when the scratch folder
// sits on another filesystem (UPLOADS_DIR on its own disk).
async function moveInto(from: string, to: string) {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    const near = `${to}.restore-tmp`;
    await fs.rm(near, { recursive: true, force: true });
    await fs.cp(from, near, { recursive: true });
    await fs.rename(near, to);
  }
}

async function exists(file: string) {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

type RestoreResult = { manifest: Manifest; rows: Record<string, number>; previous: string[] };

export async function restoreBackup(opts: {
  archive: string;
  databasePath: string;
  uploadsDir: string;
  acceptMissing?: boolean;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  if (!(await exists(opts.archive))) throw new BackupError(`Arquivo de backup não encontrado: ${opts.archive}`);
  const inUse = () => {
    if (!opts.force && databaseInUse(opts.databasePath)) {
      throw new BackupError(
        `O banco ${opts.databasePath} está aberto por outro processo: o app ainda está rodando? Pare o app e rode a restauração de novo.`,
      );
    }
  };
  inUse(); // before the long part, so the operator learns it at once

  const dbDir = path.dirname(opts.databasePath);
  await fs.mkdir(dbDir, { recursive: true });
  await fs.mkdir(path.dirname(opts.uploadsDir), { recursive: true });
  // Beside the database, so the database moves into place by rename().
  const scratch = await fs.mkdtemp(path.join(dbDir, ".restore-"));
  try {
    const checked = await checkArchive(opts.archive, scratch, opts);
    await fs.mkdir(path.join(scratch, "uploads"), { recursive: true }); // a backup of a site without uploads

    inUse(); // again: the app may have been started meanwhile
    const suffix = `.before-restore-${timestamp(opts.now ?? new Date())}`;
    const moves: [string, string][] = [];
    // The previous database keeps its -wal beside it under the new name, so
    // opening the .before-restore file still sees its last writes.
    for (const side of ["", "-wal", "-shm", "-journal"])
      moves.push([opts.databasePath + side, opts.databasePath + suffix + side]);
    moves.push([opts.uploadsDir, opts.uploadsDir + suffix]);

    const done: [string, string][] = [];
    try {
      for (const [from, to] of moves) {
        if (!(await exists(from))) continue;
        await fs.rename(from, to);
        done.push([from, to]);
      }
      await fs.rename(path.join(scratch, "app.db"), opts.databasePath);
      done.push([path.join(scratch, "app.db"), opts.databasePath]);
      await moveInto(path.join(scratch, "uploads"), opts.uploadsDir);
    } catch (error) {
      // Put back what was moved, newest first; the live files are as before.
      for (const [from, to] of done.reverse()) await fs.rename(to, from).catch(() => {});
      throw new BackupError(`A troca dos arquivos falhou e foi desfeita: ${(error as Error).message}`);
    }
    const previous = done.filter(([from]) => !from.startsWith(scratch)).map(([, to]) => to);
    return { manifest: checked.manifest, rows: checked.rows, previous };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
