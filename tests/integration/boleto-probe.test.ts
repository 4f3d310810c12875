import { afterAll, describe, expect, it } from "vitest";
import {
  bankBarcodeToLine,
  bankLineToBarcode,
  bankMod11,
  buildBankBarcode,
  buildCollectionBarcode,
  collectionBarcodeToLine,
} from "#app/models/boletos/boleto-line";
import { closeBoletoReader, readBoleto, type BoletoReading } from "#app/models/boletos/read-boleto.server";
import { pdfToPng, SAMPLES_TODAY } from "#tests/fixtures/boletos/generate";
import { formatBankLine, formatCollectionLine, tablePagePdf } from "#tests/fixtures/boletos/layouts";

// The adversarial probe of issue 21 (docs/decisions/0038-boleto-never-wrong.md):
// pages made to tempt the reader into a wrong value (a label to the right of
// its value, a table with an empty or "Período" column, "Pagável até" in the
// due-date row, a quoted old line, a corrupted line alone, reading dates, a
// utility bill's free field, arrears' "competência", amounts in words...).
// Each is read end to end as a text PDF, some also as a picture (OCR). Every
// value must be right or absent; `must` lists those that must be read, so
// that a reader that gives nothing fails too.

type Expected = { dueDate: string | null; amountCents: number | null; monthYear?: string | null; line?: string | null };
type Case = {
  name: string;
  rows: string[][];
  expected: Expected;
  must?: (keyof Expected)[];
  picture?: boolean; // also read as a 200 dpi picture, through OCR
  pictureOnly?: boolean; // read only as a picture (what it tests is OCR's)
};

const bankLine = (dueDate: string, amountCents: number, freeField = "0000001234567890123456717") =>
  bankBarcodeToLine(buildBankBarcode({ bank: "001", dueDate, amountCents, freeField }));
const REAL = bankLine("2026-12-10", 125000);
const OLD = bankLine("2026-11-10", 125000);

// The real line with one digit of its amount changed so that the general
// check digit still holds: what a misread digit in the last field can give.
function oneDigitOff(line: string): string {
  const barcode = bankLineToBarcode(line);
  for (let at = 9; at < 19; at++)
    for (let d = 0; d <= 9; d++) {
      if (String(d) === barcode[at]) continue;
      const changed = barcode.slice(0, at) + d + barcode.slice(at + 1);
      if (bankMod11(changed.slice(0, 4) + changed.slice(5)) === Number(barcode[4])) return bankBarcodeToLine(changed);
    }
  throw new Error("no one-digit change passes the check digit");
}
// A line whose amount field can be misread by one digit (found by trying amounts).
const [FRAGILE, FRAGILE_AMOUNT] = (() => {
  for (let cents = 125000; ; cents++) {
    const line = bankLine("2026-12-10", cents);
    try {
      return [oneDigitOff(line), cents] as const;
    } catch {
      continue;
    }
  }
})();

// A water bill whose free field starts with a date that is not its due date.
const WATER = collectionBarcodeToLine(
  buildCollectionBarcode({
    segment: "2",
    valueKind: "6",
    amountCents: 18743,
    company: "0123",
    freeField: "2027010512345667890123456",
  }),
);

const CASES: Case[] = [
  {
    name: "labels to the right of their values",
    rows: [
      ["10/12/2026", "Vencimento"],
      ["R$ 1.250,00", "Valor do documento"],
      ["01/11/2026", "Data do documento"],
    ],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["dueDate", "amountCents"],
    picture: true,
  },
  {
    name: "a row of values each before its label",
    rows: [["01/11/2026", "Emissão", "10/12/2026", "Vencimento", "1.250,00", "Valor"]],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["dueDate"],
  },
  {
    name: "a table with an empty discount column",
    rows: [
      ["Data do Documento", "Nº", "Data de Vencimento", "Desconto", "Valor"],
      ["05/11/2026", "4471", "10/12/2026", "", "R$ 1.480,00"],
    ],
    expected: { dueDate: "2026-12-10", amountCents: 148000 },
    must: ["dueDate"],
  },
  {
    name: "a table whose due-date cell is empty",
    rows: [
      ["Data do Documento", "Nº", "Data de Vencimento", "Valor"],
      ["05/11/2026", "4471", "", "R$ 1.480,00"],
    ],
    expected: { dueDate: null, amountCents: 148000 },
  },
  {
    name: "a table with a period column",
    rows: [
      ["Período", "Vencimento", "Valor"],
      ["01/11/2026 a 30/11/2026", "10/12/2026", "R$ 1.480,00"],
    ],
    expected: { dueDate: "2026-12-10", amountCents: 148000 },
    must: ["dueDate", "amountCents"],
  },
  {
    name: "'Pagável até' in the due-date row",
    rows: [
      ["Local de pagamento", "Vencimento"],
      ["Pagável até 31/12/2026 em qualquer banco", "10/12/2026"],
      ["(=) Valor do documento"],
      ["1.250,00"],
    ],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["amountCents"],
  },
  {
    name: "an energy bill's reading dates",
    rows: [
      ["Leitura anterior", "Leitura atual", "Próxima leitura", "Vencimento"],
      ["04/10/2026", "04/11/2026", "04/12/2026", "20/12/2026"],
      ["Total a pagar: R$ 312,90"],
    ],
    expected: { dueDate: "2026-12-20", amountCents: 31290 },
    must: ["dueDate", "amountCents"],
  },
  {
    name: "a reading date beside the due date",
    rows: [["Data de leitura: 04/11/2026", "Vencimento: 20/12/2026"], ["Total a pagar R$ 312,90"]],
    expected: { dueDate: "2026-12-20", amountCents: 31290 },
    must: ["dueDate", "amountCents"],
  },
  {
    name: "a quoted old line before the real one",
    rows: [
      ["Boleto anterior (substituído):", formatBankLine(OLD)],
      ["Vencimento: 10/12/2026", "Valor do documento: R$ 1.250,00"],
      [formatBankLine(REAL)],
    ],
    expected: { dueDate: "2026-12-10", amountCents: 125000, line: REAL },
    must: ["dueDate", "amountCents", "line"],
  },
  {
    name: "two lines and no print to tell which",
    rows: [[formatBankLine(OLD)], ["Segunda via"], [formatBankLine(REAL)]],
    expected: { dueDate: "2026-12-10", amountCents: 125000, line: REAL },
  },
  {
    name: "a line misread by one digit, alone (OCR)",
    rows: [["Pague com a linha digitável"], [formatBankLine(FRAGILE)]],
    expected: { dueDate: "2026-12-10", amountCents: FRAGILE_AMOUNT, line: bankLine("2026-12-10", FRAGILE_AMOUNT) },
    pictureOnly: true,
  },
  {
    name: "a water bill's free field that looks like a date",
    rows: [
      ["Companhia de Saneamento"],
      ["Vencimento: 20/12/2026"],
      ["Total a pagar: R$ 187,43"],
      [formatCollectionLine(WATER)],
    ],
    expected: { dueDate: "2026-12-20", amountCents: 18743, line: WATER },
    must: ["dueDate", "amountCents", "line"],
  },
  {
    name: "a water bill's free field without a printed due date",
    rows: [["Companhia de Saneamento"], ["Total a pagar: R$ 187,43"], [formatCollectionLine(WATER)]],
    expected: { dueDate: "2026-12-20", amountCents: 18743, line: WATER },
    must: ["amountCents"],
  },
  {
    name: "arrears with their own competência",
    rows: [
      ["Aluguel referente a novembro/2026"],
      ["Débito anterior, competência 09/2026: R$ 80,00"],
      ["Vencimento: 10/12/2026", "Total a pagar: R$ 1.330,00"],
    ],
    expected: { dueDate: "2026-12-10", amountCents: 133000, monthYear: "2026-11" },
    must: ["dueDate", "amountCents"],
  },
  {
    name: "'Aluguel de novembro/2026'",
    rows: [["Aluguel de novembro/2026"], ["Vencimento: 10/12/2026"], ["Valor: R$ 1.250,00"]],
    expected: { dueDate: "2026-12-10", amountCents: 125000, monthYear: "2026-11" },
    must: ["dueDate", "amountCents", "monthYear"],
  },
  {
    name: "'vence em' and a date in words",
    rows: [["Este boleto vence em 10/12/2026"], ["Vencimento: 10 de dezembro de 2026"], ["Valor: R$ 1.250,00"]],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["dueDate", "amountCents"],
  },
  {
    name: "the amount in words and a fine in figures",
    rows: [["Valor: mil duzentos e cinquenta reais"], ["Multa por atraso: R$ 25,00"], ["Vencimento: 10/12/2026"]],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["dueDate"],
  },
  {
    name: "the month's total and the grand total",
    rows: [["Total do mês: R$ 723,37"], ["Total geral: R$ 1.392,87"], ["Vencimento: 10/12/2026"]],
    expected: { dueDate: "2026-12-10", amountCents: 139287 },
    must: ["amountCents"],
  },
  {
    name: "the contract's total value before the rent's",
    rows: [["Valor total do contrato: R$ 15.000,00"], ["Valor: R$ 1.250,00"], ["Vencimento: 10/12/2026"]],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["amountCents"],
  },
  {
    name: "the fine's value before the document's",
    rows: [["Valor da multa: R$ 25,00"], ["Valor do documento: R$ 1.250,00"], ["Vencimento: 10/12/2026"]],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["amountCents"],
  },
  {
    name: "an original due date and the extended one",
    rows: [["Vencimento original: 10/11/2026"], ["Vencimento prorrogado: 10/12/2026"], ["Valor: R$ 1.250,00"]],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
  },
  {
    name: "an old boleto's due date quoted",
    rows: [["Vencimento: 10/11/2026 (boleto anterior)"], ["Vencimento: 10/12/2026"], ["Valor: R$ 1.250,00"]],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["amountCents"],
  },
  {
    name: "a date in the instructions only",
    rows: [["Não receber após o vencimento 31/12/2026"], ["Emissão 01/12/2026"], ["Total a pagar R$ 1.275,00"]],
    expected: { dueDate: null, amountCents: 127500 },
    must: ["amountCents"],
  },
  {
    name: "'sobre o valor' in the instructions",
    rows: [["Multa de 2% sobre o valor"], ["de R$ 1.250,00 após o vencimento"], ["Total a pagar R$ 1.275,00"]],
    expected: { dueDate: null, amountCents: 127500 },
    must: ["amountCents"],
  },
  {
    name: "two labels over a row of two values",
    rows: [
      ["Vencimento", "Valor do documento"],
      ["10/12/2026", "1.250,00"],
    ],
    expected: { dueDate: "2026-12-10", amountCents: 125000 },
    must: ["dueDate", "amountCents"],
    picture: true,
  },
  {
    name: "a clean line of a text layer, alone",
    rows: [["Pague com a linha digitável"], [formatBankLine(REAL)]],
    expected: { dueDate: "2026-12-10", amountCents: 125000, line: REAL },
    must: ["dueDate", "amountCents", "line"],
  },
];

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

// Each column as wide as its longest cell (about 2 mm a character at 11 pt), from 15 mm.
function columns(rows: string[][]): number[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length * 2 + 6)));
  const xs = [15];
  for (const w of widths.slice(0, -1)) xs.push(xs.at(-1)! + w);
  return xs;
}

describe("the boleto probe: every value right or absent", () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    "%s",
    async (_name, c) => {
      const pdf = await tablePagePdf(
        "Cobrança",
        c.rows.map((cells) => ({ cells })),
        columns(c.rows),
      );
      const faults = c.pictureOnly ? [] : judge(c, await readBoleto(pdf, { today: SAMPLES_TODAY }), false);
      if (c.picture || c.pictureOnly) {
        const png = await pdfToPng(pdf, 200);
        faults.push(...judge(c, await readBoleto(png, { today: SAMPLES_TODAY }), true).map((f) => `imagem: ${f}`));
      }
      expect(faults).toEqual([]);
    },
    60_000,
  );
});
