// npm run probe:boleto
//
// The boleto probe's pages (tests/fixtures/boletos/probe-cases.ts) as three
// pictures each, read by the real reader: a blurred, turned 150 dpi JPEG, a
// phone "scanner app" photo and a 12 MP photo in dim, uneven light. Prints
// each read's wrong and absent values and the totals (~3 min); never fails.
// The test (tests/integration/boleto-probe.test.ts) reads the text PDFs and
// the scanner-app photos; this is the wider, slower look
// (docs/decisions/0038-boleto-never-wrong.md).
import { closeBoletoReader, readBoleto } from "#app/models/boletos/read-boleto.server";
import { degradedJpeg, dimPhoto, pdfToPng, SAMPLES_TODAY, scannerAppPhoto } from "#tests/fixtures/boletos/generate";
import { tablePagePdf } from "#tests/fixtures/boletos/layouts";
import { PROBE_CASES, probeColumns } from "#tests/fixtures/boletos/probe-cases";

const KEYS = ["dueDate", "amountCents", "monthYear", "line"] as const;
let [wrong, absent, reads] = [0, 0, 0];
for (const c of PROBE_CASES) {
  const pdf = await tablePagePdf(
    "Cobrança",
    c.rows.map((cells) => ({ cells })),
    probeColumns(c.rows),
  );
  const png = await pdfToPng(pdf, 200);
  const pictures: [string, Buffer][] = [
    ["jpeg", await degradedJpeg(png, 1.5)],
    ["scanner", await scannerAppPhoto(png, -1.2, 0.02)],
    ["penumbra", await dimPhoto(await pdfToPng(pdf, 366), 1.1)],
  ];
  for (const [kind, bytes] of pictures) {
    const started = Date.now();
    const r = await readBoleto(bytes, { today: SAMPLES_TODAY });
    reads++;
    const got = { dueDate: r.dueDate, amountCents: r.amountCents, monthYear: r.monthYear, line: r.digitableLine };
    const notes: string[] = [];
    for (const key of KEYS) {
      if (!(key in c.expected)) continue;
      const want = c.expected[key];
      if (got[key] !== null && got[key] !== want) {
        notes.push(`${key} ERRADO ${String(got[key])} (esperado ${String(want)})`);
        wrong++;
      } else if (got[key] === null && want !== null) {
        notes.push(`${key} ausente`);
        absent++;
      }
    }
    console.log(
      `${c.name.slice(0, 52).padEnd(53)} ${kind.padEnd(9)} ${String(Date.now() - started).padStart(6)} ms  ${notes.join("; ")}`,
    );
  }
}
console.log(`\nValores errados: ${wrong}; ausentes: ${absent} (em ${reads} leituras de ${PROBE_CASES.length} páginas)`);
await closeBoletoReader();
