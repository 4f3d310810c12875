// npm run bench:uploads
//
// The hostile uploads of docs/decisions/0029-hostile-uploads.md, through the
// server's own upload paths, in this process: the probe's ZIP bomb (510 KB,
// a 500 MB [Content_Types].xml) and an installer sent as a Word document.
// Targets: refused in well under a second (500 ms), the event loop never
// blocked more than 100 ms, memory back within 50 MB. Prints figures with
// "atingida"/"não atingida"; never fails (the machine may be shared).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { BoletoReadError, closeBoletoReader, readBoleto } from "#app/models/boletos/read-boleto.server";
import { readMaintenanceForm } from "#app/routes/client/maintenance-upload.server";
import { documentTypeOf, isAcceptedImage } from "#app/utils/uploads.server";
import { msiFile, zipBomb } from "#tests/fixtures/containers";

const RUNS = 5;
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const bomb = await zipBomb(500);
const installer = msiFile();

function multipart(field: string, filename: string, bytes: Buffer) {
  const form = new FormData();
  form.append("title", "Vazamento");
  form.append("description", "Pia da cozinha.");
  form.append(field, new File([new Uint8Array(bytes)], filename, { type: "image/jpeg" }));
  return new Request("http://localhost/client-area?tab=manutencao", { method: "POST", body: form });
}

const cases: [string, () => Promise<unknown>][] = [
  ["bomba ZIP como foto (Nova Solicitação)", async () => readMaintenanceForm(multipart("images", "foto.jpg", bomb))],
  ["bomba ZIP como foto (imóvel, banner)", () => isAcceptedImage(bomb)],
  ["bomba ZIP como .docx (contrato, documento)", () => documentTypeOf(bomb, ["pdf", "doc", "docx"])],
  [
    "bomba ZIP como boleto (Anexar Boleto)",
    () => readBoleto(bomb).catch((e: unknown) => (e instanceof BoletoReadError ? e.reason : Promise.reject(e))),
  ],
  ["instalador .msi como .doc (contrato)", () => documentTypeOf(installer, ["pdf", "doc", "docx"])],
];

const verdict = (ok: boolean) => (ok ? "atingida" : "não atingida");
gc();
const rssStart = process.memoryUsage().rss;
console.log(
  `${"caso".padEnd(44)} ${"recusa (pior)".padStart(14)} ${"bloqueio máx.".padStart(14)} ${"memória".padStart(10)}`,
);
let allOk = true;
for (const [name, run] of cases) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let worst = 0;
  loop.enable();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    worst = Math.max(worst, performance.now() - started);
    // Let the monitor see the loop turn after each run.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  loop.disable();
  gc();
  const blocked = loop.max / 1e6;
  const grown = (process.memoryUsage().rss - rssStart) / MB;
  const ok = worst < 500 && blocked <= 100 && grown <= 50;
  allOk &&= ok;
  console.log(
    `${name.padEnd(44)} ${`${worst.toFixed(1)} ms`.padStart(14)} ${`${blocked.toFixed(1)} ms`.padStart(14)} ${`${grown >= 0 ? "+" : ""}${grown.toFixed(1)} MB`.padStart(10)}  ${verdict(ok)}`,
  );
}
console.log(
  `\nMetas (recusa < 500 ms, laço de eventos bloqueado <= 100 ms, memória de volta a +50 MB): ${verdict(allOk)}`,
);
await closeBoletoReader();
