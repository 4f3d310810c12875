import { afterAll, describe, expect, it } from "vitest";
import { closeBoletoReader, readBoleto, type BoletoReading } from "#app/models/boletos/read-boleto.server";
import { pdfToPng, SAMPLES_TODAY, scannerAppPhoto } from "#tests/fixtures/boletos/generate";
import { tablePagePdf } from "#tests/fixtures/boletos/layouts";
import { PROBE_CASES, probeColumns, type Case } from "#tests/fixtures/boletos/probe-cases";

// The adversarial probe of issue 21 (docs/decisions/0038-boleto-never-wrong.md):
// pages made to tempt the reader into a wrong value (a label to the right of
// its value, a table with an empty or "Período" column, "Pagável até" in the
// due-date row, a quoted old line, a corrupted line alone, reading dates, a
// utility bill's free field, arrears' "competência", amounts in words...).
// Each is read end to end as a text PDF and as a phone "scanner app" photo,
// some also as a clean 200 dpi picture (both through OCR). Every
// value must be right or absent; `must` lists those that must be read, so
// that a reader that gives nothing fails too.

const KEYS = ["dueDate", "amountCents", "monthYear", "line"] as const;
const valueOf = (reading: BoletoReading, key: (typeof KEYS)[number]) =>
  key === "line" ? reading.digitableLine : reading[key];

// Each value right or absent; the `must` ones right.
function judge(c: Case, reading: BoletoReading, picture: boolean): string[] {
  const faults: string[] = [];
  for (const key of KEYS) {
    if (!(key in c.expected)) continue;
    const [got, want] = [valueOf(reading, key), c.expected[key]];
    if (got !== null && got !== want) faults.push(`${key}: errado ${String(got)} (esperado ${String(want)})`);
    else if (got === null && want !== null && !picture && c.must?.includes(key)) faults.push(`${key}: ausente`);
  }
  return faults;
}

afterAll(() => closeBoletoReader());

describe("the boleto probe: every value right or absent", () => {
  it.each(PROBE_CASES.map((c) => [c.name, c] as const))(
    "%s",
    async (_name, c) => {
      const pdf = await tablePagePdf(
        "Cobrança",
        c.rows.map((cells) => ({ cells })),
        probeColumns(c.rows),
      );
      const faults = c.pictureOnly ? [] : judge(c, await readBoleto(pdf, { today: SAMPLES_TODAY }), false);
      const png = await pdfToPng(pdf, 200);
      if (c.picture || c.pictureOnly)
        faults.push(...judge(c, await readBoleto(png, { today: SAMPLES_TODAY }), true).map((f) => `imagem: ${f}`));
      // Every page also as a phone "scanner app" photo (sheared, contrast pushed, sharpened).
      const photo = await scannerAppPhoto(png, -1.2, 0.02);
      faults.push(...judge(c, await readBoleto(photo, { today: SAMPLES_TODAY }), true).map((f) => `foto: ${f}`));
      expect(faults).toEqual([]);
    },
    60_000,
  );
});
