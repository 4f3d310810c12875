// npm run --silent boleto:read -- [--today YYYY-MM-DD] FILE...
//
// Reads each boleto (PDF, JPEG or PNG) and prints one JSON line per file on
// stdout, and nothing else there:
//   {"file","dueDate","amountCents","monthYear","digitableLine","source","ms"}
// A file that cannot be read prints {"file","error","ms"} (the Portuguese
// message a user would see) and the next file is read. Exit status 1 when any
// file gave an error, 2 for a usage error.
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import { BoletoReadError, closeBoletoReader, readBoleto } from "#app/models/boletos/read-boleto.server";

const USAGE = "Uso: npm run --silent boleto:read -- [--today AAAA-MM-DD] ARQUIVO...";

let parsed;
try {
  parsed = parseArgs({ options: { today: { type: "string" } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
}
const { values, positionals: files } = parsed;
if (files.length === 0 || (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today))) {
  console.error(USAGE);
  process.exit(2);
}

let failures = 0;
try {
  for (const file of files) {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const bytes = await fs.readFile(file);
      const reading = await readBoleto(bytes, { today: values.today });
      console.log(JSON.stringify({ file, ...reading, ms: ms() }));
    } catch (error) {
      failures++;
      const message =
        error instanceof BoletoReadError
          ? error.message
          : (error as NodeJS.ErrnoException)?.code === "ENOENT"
            ? "Arquivo não encontrado."
            : "Não foi possível ler o arquivo.";
      console.log(JSON.stringify({ file, error: message, ms: ms() }));
    }
  }
} finally {
  // The worker thread (and tesseract's) would keep the process alive.
  await closeBoletoReader();
}
process.exitCode = failures > 0 ? 1 : 0;
