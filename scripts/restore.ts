// npm run restore -- FILE [--aceitar-faltantes] [--force]: puts an archive of
// `npm run backup` back, with the app stopped. Nothing live is touched until
// the archive passed every check; the previous database and uploads stay
// beside them as *.before-restore-<date>.
import { parseArgs } from "node:util";
import { BackupError } from "#app/models/ops/backup.server";
import { restoreBackup } from "#app/models/ops/restore.server";
import { databasePath, uploadsDir } from "#app/utils/env.server";

const { values, positionals } = parseArgs({
  options: {
    // Restore even if files the manifest says were already missing on the site are absent.
    "aceitar-faltantes": { type: "boolean", default: false },
    // Skip the "is the app running?" check (when the current database is too damaged to lock).
    force: { type: "boolean", default: false },
  },
  allowPositionals: true,
  strict: true,
});
if (positionals.length !== 1) {
  console.error(
    "Uso: npm run restore -- data/backups/backup-AAAA-MM-DDTHHMMSSZ.tar.gz [--aceitar-faltantes] [--force]",
  );
  process.exit(1);
}

try {
  const { manifest, rows, previous } = await restoreBackup({
    archive: positionals[0],
    databasePath: databasePath(),
    uploadsDir: uploadsDir(),
    acceptMissing: values["aceitar-faltantes"],
    force: values.force,
  });
  console.log(`Backup de ${manifest.created_at} restaurado:`);
  console.log(`  banco: ${databasePath()} (${rows.properties ?? 0} imóveis, ${rows.users ?? 0} contas)`);
  console.log(`  uploads: ${uploadsDir()} (${manifest.uploads.files} arquivos)`);
  if (previous.length) {
    console.log("Os dados anteriores foram guardados em:");
    for (const p of previous) console.log(`  ${p}`);
    console.log("Inicie o app, confira o site e então apague-os.");
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`A restauração falhou: ${error.message}`);
  for (const p of error.problems) console.error(`  - ${p}`);
  process.exitCode = 1;
}
