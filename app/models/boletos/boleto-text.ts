import { decodeBarcode, decodeDigitableLine, isRealDate, type DecodedBoleto } from "./boleto-line";

// What the words of a boleto say, from a PDF's text layer or from OCR: the
// digitable line (normalised from what OCR does to digits, then trusted only
// when its check digits hold), and the spec's text rules for the due date,
// the amount and the reference month (docs/decisions/0014-boleto-reading.md).
// Pure and client-safe.

// Lower case, no accents: "Competência" and "COMPETENCIA" read the same.
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

// ---- the digitable line ------------------------------------------------------

// What OCR reads in place of a digit. Only applied inside tokens that are
// mostly digits already, so words are never turned into numbers; a wrong guess
// simply fails the check digits.
const LOOKALIKES: Record<string, string> = {
  O: "0",
  o: "0",
  Q: "0",
  D: "0",
  I: "1",
  l: "1",
  i: "1",
  "|": "1",
  "!": "1",
  Z: "2",
  z: "2",
  S: "5",
  s: "5",
  G: "6",
  b: "6",
  B: "8",
  g: "9",
};

// Characters OCR puts between the digits of a line: the line's own dots and
// spaces, and commas, dashes, underscores or quotes for a dot it half saw.
const SEPARATORS = /[.,\-_:;'"`´~·•]/g;

// A token that is mostly digits, with look-alikes replaced; else null.
function digitsOfToken(token: string): string | null {
  const core = token.replace(SEPARATORS, "");
  if (!core) return "";
  let digits = 0;
  let out = "";
  for (const ch of core) {
    if (ch >= "0" && ch <= "9") {
      digits++;
      out += ch;
    } else if (LOOKALIKES[ch]) out += LOOKALIKES[ch];
    else return null;
  }
  return digits >= Math.max(1, Math.ceil(core.length * 0.6)) ? out : null;
}

// Runs of consecutive digit tokens, in reading order. A word breaks a run.
function digitRuns(text: string): string[] {
  const runs: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let run = "";
    for (const token of line.split(/\s+/)) {
      if (!token) continue;
      const digits = digitsOfToken(token);
      if (digits === null) {
        if (run) runs.push(run);
        run = "";
      } else run += digits;
    }
    if (run) runs.push(run);
  }
  return runs;
}

export type LineInText = { decoded: DecodedBoleto; form: "line" | "barcode" };

// The first digitable line in the text whose check digits all hold (a line
// OCR split over two or three runs is joined back). A bare 44-digit barcode
// number is taken only as a whole run: its single check digit is too weak to
// slide over longer runs of digits.
export function findLineInText(text: string, today: string): LineInText | null {
  const runs = digitRuns(text);
  for (let i = 0; i < runs.length; i++) {
    let joined = "";
    for (let j = i; j < Math.min(runs.length, i + 3); j++) {
      joined += runs[j];
      if (joined.length < 47) continue;
      for (const size of [47, 48]) {
        for (let start = 0; start + size <= joined.length; start++) {
          const decoded = decodeDigitableLine(joined.slice(start, start + size), today);
          if (decoded) return { decoded, form: "line" };
        }
      }
    }
  }
  for (const run of runs) {
    if (run.length !== 44) continue;
    const decoded = decodeBarcode(run, today);
    if (decoded) return { decoded, form: "barcode" };
  }
  return null;
}

// ---- due date ------------------------------------------------------------------

// dd/mm/yyyy, dd-mm-yyyy or dd.mm.yyyy (one separator throughout).
const DATE = /(?<![\d/.-])(\d{1,2})\s?([/.-])\s?(\d{1,2})\s?\2\s?(\d{4})(?![\d/.-]?\d)/g;

function datesIn(text: string): { index: number; iso: string }[] {
  const found: { index: number; iso: string }[] = [];
  for (const m of text.matchAll(DATE)) {
    const [d, mo, y] = [Number(m[1]), Number(m[3]), Number(m[4])];
    if (!isRealDate(y, mo, d)) continue;
    found.push({ index: m.index, iso: `${m[4]}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}` });
  }
  return found;
}

// How far after a label its value may sit: boleto boxes put the label above
// the value, so in reading order other labels of the same row come between.
const LABEL_REACH = 120;

// "vencimento", "data de vencimento", "venc." — but not the instructions'
// "após o vencimento" (fines after the due date), which name no date.
const DUE_LABEL = /(?<!apos\s?(?:o\s)?)\b(?:vencimento|venc\b\.?)/g;

// The spec's rule: first a date after a due-date label; otherwise the first
// valid date anywhere.
export function findDueDate(text: string): string | null {
  const folded = foldText(text);
  const dates = datesIn(folded);
  if (dates.length === 0) return null;
  for (const label of folded.matchAll(DUE_LABEL)) {
    const end = label.index + label[0].length;
    const hit = dates.find((d) => d.index >= end && d.index <= end + LABEL_REACH);
    if (hit) return hit.iso;
  }
  return dates[0].iso;
}

// ---- amount ----------------------------------------------------------------------

// pt-BR money with two decimals: "1.250,00", "1250,00", "87,43".
const AMOUNT = /(?<![\d.,])(\d{1,3}(?:\.\d{3})+|\d+)\s?,\s?(\d{2})(?![\d,]|\.\d)/g;

function amountsIn(text: string): { index: number; cents: number }[] {
  const found: { index: number; cents: number }[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const cents = Number(m[1].replace(/\./g, "")) * 100 + Number(m[2]);
    // "0,00" sits in the empty discount boxes; it is never the amount due.
    if (cents > 0 && Number.isSafeInteger(cents)) found.push({ index: m.index, cents });
  }
  return found;
}

// The spec's labels are "valor", "R$" and "RS" (OCR's R$). The labels of the
// amount due come first, so that "juros de R$ 0,50 ao dia" in the
// instructions does not win over "Valor do Documento".
const AMOUNT_LABELS = [
  /\b(?:valor\s+(?:do\s+documento|cobrado|a\s+pagar|total|da\s+fatura|do\s+boleto)|total\s+a\s+pagar)\b/g,
  /\bvalor\b/g,
  /(?<![a-z0-9])r\s?[$s](?![a-z0-9])/g,
];

export function findAmount(text: string): number | null {
  const folded = foldText(text);
  const amounts = amountsIn(folded);
  if (amounts.length === 0) return null;
  for (const labels of AMOUNT_LABELS) {
    for (const label of folded.matchAll(labels)) {
      const end = label.index + label[0].length;
      const hit = amounts.find((a) => a.index >= end && a.index <= end + LABEL_REACH);
      if (hit) return hit.cents;
    }
  }
  return amounts[0].cents;
}

// ---- reference month ---------------------------------------------------------------

const MONTHS = [
  "janeiro",
  "fevereiro",
  "marco",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];
const MONTH_NAME = `(${MONTHS.join("|")}|jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez)\\.?`;

// "referente a outubro/2024", "referente ao mês de outubro de 2024",
// "competência 01/2025", "ref. 10/2024", "mês de referência: out/24",
// "mês/ano de referência 10/2024", "período de referência: 10/2024".
const REFERENCE_LABEL =
  "(?:\\breferente\\s+(?:a|ao|as)?|\\bmes(?:\\s*/\\s*ano)?\\s+(?:de\\s+)?referencia|\\bperiodo\\s+(?:de\\s+)?referencia|\\breferencia|\\bcompetencia|\\bref\\b\\.?|\\bmes\\s+ref\\b\\.?)";
const REFERENCE = new RegExp(
  `${REFERENCE_LABEL}\\s*[:\\-]?\\s*(?:(?:ao\\s+)?mes\\s+(?:de\\s+)?)?(?:${MONTH_NAME}\\s*(?:[/.\\-]|\\s+de\\s+|\\s+)\\s*(\\d{4}|\\d{2})|(\\d{1,2})\\s*[/.\\-]\\s*(\\d{4}|\\d{2}))(?![\\d/.\\-]?\\d)`,
  "g",
);

function year4(y: string): number {
  return y.length === 2 ? 2000 + Number(y) : Number(y);
}

// The month a bill is for, as "YYYY-MM", when the text says it.
export function findReferenceMonth(text: string): string | null {
  const folded = foldText(text);
  for (const m of folded.matchAll(REFERENCE)) {
    let month: number;
    let year: number;
    if (m[1]) {
      month = MONTHS.findIndex((name) => name.startsWith(m[1])) + 1;
      year = year4(m[2]);
    } else {
      month = Number(m[3]);
      year = year4(m[4]);
    }
    if (month >= 1 && month <= 12 && year >= 2000 && year <= 2099) return `${year}-${String(month).padStart(2, "0")}`;
  }
  return null;
}
