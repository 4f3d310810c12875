// npm run bench:boleto [-- --runs 3 --dir FOLDER]
//
// Boleto reading against the budgets of docs/decisions/0028-budgets.md: a
// text-layer PDF under 0.5 s, an image under 3 s, a scanned PDF under 6 s,
// memory under 1 GB, and the server's event loop free meanwhile. Prints
// figures, never fails: the machine may be shared, so CPU time (all threads) is
// printed beside wall time.
//
// The samples are generated once (tests/fixtures/boletos) into a temporary
// folder and reused; generation runs in a child process so that its libraries
// (pdf-lib, sharp, a second pdf.js) do not count in this process's memory.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import {
  BoletoReadError,
  closeBoletoReader,
  readBoleto,
  warmUpBoletoReader,
} from "#app/models/boletos/read-boleto.server";
import {
  judgeReading,
  readSamples,
  SAMPLES_TODAY,
  type Sample,
  type SampleKind,
} from "#tests/fixtures/boletos/samples";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    dir: { type: "string", default: path.join(os.tmpdir(), "boleto-bench-samples") },
    "generate-only": { type: "boolean", default: false },
  },
});
const dir = path.resolve(values.dir);

if (values["generate-only"]) {
  const { generateBoletoSamples } = await import("#tests/fixtures/boletos/generate");
  await generateBoletoSamples(dir);
  process.exit(0);
}

const RUNS = Math.max(1, Number(values.runs) || 3);
const MB = 1024 * 1024;
const TARGET_MS: Partial<Record<SampleKind, number>> = {
  "text-pdf": 500,
  png: 3000,
  jpeg: 3000,
  "scanned-pdf": 6000,
  photo: 10_000,
};

// Child process: same node, same flags (tsx's loader), this file.
console.log("Gerando/reutilizando amostras em", dir);
execFileSync(process.execPath, [...process.execArgv, process.argv[1], "--generate-only", "--dir", dir], {
  stdio: "inherit",
});
const samples = readSamples(dir);
if (!samples) throw new Error(`no samples in ${dir}`);

// RSS is per process: the worker threads (boleto and tesseract) are inside it.
let peakRss = process.memoryUsage().rss;
const baselineRss = peakRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const loop = monitorEventLoopDelay({ resolution: 10 });

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return Math.round((d.user + d.system) / 1000);
};

async function timed(sample: Sample) {
  const bytes = fs.readFileSync(sample.file);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let outcome: string;
  let wrong: string[] = [];
  let missing: string[] = [];
  try {
    const reading = await readBoleto(bytes, { today: SAMPLES_TODAY });
    const judged = judgeReading(sample, reading);
    ({ wrong, missing } = judged);
    outcome = judged.ok
      ? `ok${missing.length ? ` (ausente: ${missing.join(", ")})` : ""}`
      : `${wrong.length ? `ERRADO (${wrong.join(", ")})` : "DIFERENTE"}: ${JSON.stringify(reading)}`;
  } catch (error) {
    const refused = error instanceof BoletoReadError;
    outcome =
      refused && sample.expected === null ? "ok (recusado)" : `ERRO: ${error instanceof Error ? error.message : error}`;
  }
  return { ms: Math.round(performance.now() - started), cpu: cpuMs(cpu), outcome, wrong, missing };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `Node ${process.version}, ${os.cpus().length} CPUs, carga média ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
loop.enable();
const warmStart = performance.now();
const warmCpu = process.cpuUsage();
await warmUpBoletoReader();
console.log(
  `aquecimento (thread, pdf.js, zxing, tesseract e modelo por): ${Math.round(performance.now() - warmStart)} ms (CPU ${cpuMs(warmCpu)} ms), RSS ${Math.round(process.memoryUsage().rss / MB)} MB`,
);

const rows: {
  sample: Sample;
  first: number;
  steady: number;
  cpu: number;
  outcome: string;
  wrong: string[];
  missing: string[];
}[] = [];
for (const sample of samples) {
  const first = await timed(sample);
  const steady: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await timed(sample);
    steady.push(r.ms);
    cpus.push(r.cpu);
  }
  rows.push({
    sample,
    first: first.ms,
    steady: median(steady),
    cpu: median(cpus),
    outcome: first.outcome,
    wrong: first.wrong,
    missing: first.missing,
  });
}

// Two reads at once: both must finish (they queue for the one thread).
const pictures = samples.filter((s) => s.kind === "jpeg" || s.kind === "scanned-pdf").slice(0, 2);
const pairStart = performance.now();
const pair = await Promise.all(pictures.map(timed));
const pairMs = Math.round(performance.now() - pairStart);
loop.disable();
clearInterval(sampler);
await closeBoletoReader();

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\n${pad("arquivo", 30)}${pad("tipo", 13)}${pad("1ª leitura", 12)}${pad(`estável (mediana de ${RUNS})`, 26)}${pad("CPU", 9)}resultado`,
);
for (const r of rows) {
  console.log(
    `${pad(r.sample.name, 30)}${pad(r.sample.kind, 13)}${pad(`${r.first} ms`, 12)}${pad(`${r.steady} ms`, 26)}${pad(`${r.cpu} ms`, 9)}${r.outcome}`,
  );
}
console.log(
  `\nValores errados (presentes e diferentes do esperado): ${rows.reduce((n, r) => n + r.wrong.length, 0)}; ausentes: ${rows.reduce((n, r) => n + r.missing.length, 0)} (em ${rows.length} arquivos)`,
);
console.log("\nPor tipo (leitura estável: mediana e pior arquivo do tipo) e meta da mediana:");
for (const [kind, target] of Object.entries(TARGET_MS)) {
  const ofKind = rows.filter((r) => r.sample.kind === kind);
  if (ofKind.length === 0) continue;
  const mid = median(ofKind.map((r) => r.steady));
  const worst = Math.max(...ofKind.map((r) => r.steady));
  const worstCpu = Math.max(...ofKind.map((r) => r.cpu));
  console.log(
    `  ${pad(kind, 12)} mediana ${pad(`${mid} ms`, 10)} pior ${pad(`${worst} ms`, 10)} (CPU ${pad(`${worstCpu} ms)`, 10)} meta < ${target} ms  ${mid < target ? "dentro" : "ACIMA"}`,
  );
}
console.log(
  `\nDuas leituras simultâneas (${pictures.map((p) => p.name).join(" + ")}): ambas terminaram em ${pairMs} ms (${pair.map((p) => p.outcome).join(", ")})`,
);
console.log(
  `Laço de eventos do servidor durante as leituras: atraso p99 ${Math.round(loop.percentile(99) / 1e6)} ms, máximo ${Math.round(loop.max / 1e6)} ms`,
);
console.log(
  `Memória (RSS do processo, threads incluídas): base ${Math.round(baselineRss / MB)} MB, pico ${Math.round(peakRss / MB)} MB (meta < 1024 MB) ${peakRss < 1024 * MB ? "dentro" : "ACIMA"}`,
);
console.log(
  `Carga média ao fim: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
