// npm run backup: a dated archive (BACKUP_DIR) with a consistent copy of the
// database and the uploads folder, taken while the app keeps serving.
// See app/models/ops/backup.server.ts and the README's "Operação".
import { BackupError, createBackup } from "#app/models/ops/backup.server";
import { backupDir, databasePath, uploadsDir } from "#app/utils/env.server";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const { file, manifest, bytes } = await createBackup({
    databasePath: databasePath(),
    uploadsDir: uploadsDir(),
    backupDir: backupDir(),
  });
  const rows = Object.values(manifest.database.rows).reduce((a, b) => a + b, 0);
  console.log(`Backup gravado: ${file} (${mb(bytes)})`);
  console.log(`  banco: ${rows} linhas, sha256 ${manifest.database.sha256}`);
  console.log(`  uploads: ${manifest.uploads.files} arquivos (${mb(manifest.uploads.bytes)})`);
  if (manifest.missing_files.length) {
    // The archive is kept (the database in it is sound), but the site itself
    // lacks files its rows name: exit non-zero so cron or the timer reports it.
    console.error(
      `ATENÇÃO: ${manifest.missing_files.length} arquivo(s) citado(s) no banco já não existe(m) em ${uploadsDir()}:`,
    );
    for (const f of manifest.missing_files.slice(0, 20)) console.error(`  uploads/${f}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`O backup falhou: ${error.message}`);
  for (const p of error.problems) console.error(`  - ${p}`);
  process.exitCode = 1;
}
