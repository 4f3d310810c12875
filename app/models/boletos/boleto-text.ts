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

// A token that is mostly digits, with look-alikes replaced (and how many
// were); else null.
function digitsOfToken(token: string): { digits: string; lookalikes: number } | null {
  const core = token.replace(SEPARATORS, "");
  if (!core) return { digits: "", lookalikes: 0 };
  let digits = 0;
  let out = "";
  for (const ch of core) {
    if (ch >= "0" && ch <= "9") {
      digits++;
      out += ch;
    } else if (LOOKALIKES[ch]) out += LOOKALIKES[ch];
    else return null;
  }
  return digits >= Math.max(1, Math.ceil(core.length * 0.6)) ? { digits: out, lookalikes: core.length - digits } : null;
}

type DigitToken = { digits: string; lookalikes: number };

// Runs of consecutive digit tokens of one text line, in reading order. A word
// breaks a run, and so does the end of a text line: digits on different text
// lines are never joined (OCR's lines of a photo interleave the boxes of a
// slip, and joined runs made 47 digits that passed the check digits).
function digitRuns(text: string): DigitToken[][] {
  const runs: DigitToken[][] = [];
  for (const line of text.split(/\r?\n/)) {
    let run: DigitToken[] = [];
    for (const token of line.split(/\s+/)) {
      if (!token) continue;
      const digits = digitsOfToken(token);
      if (digits === null) {
        if (run.length) runs.push(run);
        run = [];
      } else if (digits.digits) run.push(digits);
    }
    if (run.length) runs.push(run);
  }
  return runs;
}

// `lookalikes`: letters OCR read where the line has digits (O for 0...). Such
// a line's values are trusted only when something else confirms them (the
// barcode, the printed labels): a look-alike in the last field is guarded by
// the general check digit alone, which passes about one wrong field in eleven.
export type LineInText = { decoded: DecodedBoleto; form: "line" | "barcode"; lookalikes: boolean };

// Every digitable line in the text whose check digits all hold, in reading
// order, each once. A line is whole tokens of one text line adding up to
// exactly 47 or 48 digits: no window slides over a longer run of digits (the
// general check digit is too weak to be tried at every offset). A bare
// 44-digit barcode number is taken only as a whole run.
export function findLinesInText(text: string, today: string): LineInText[] {
  const found: LineInText[] = [];
  const add = (candidate: LineInText) => {
    if (!found.some((f) => f.decoded.barcode === candidate.decoded.barcode)) found.push(candidate);
  };
  const runs = digitRuns(text);
  for (const run of runs) {
    for (let i = 0; i < run.length; i++) {
      let joined = "";
      let lookalikes = 0;
      for (let j = i; j < run.length && joined.length < 48; j++) {
        joined += run[j].digits;
        lookalikes += run[j].lookalikes;
        if (joined.length !== 47 && joined.length !== 48) continue;
        const decoded = decodeDigitableLine(joined, today);
        if (decoded) add({ decoded, form: "line", lookalikes: lookalikes > 0 });
      }
    }
  }
  for (const run of runs) {
    const joined = run.map((t) => t.digits).join("");
    if (joined.length !== 44) continue;
    const decoded = decodeBarcode(joined, today);
    if (decoded) add({ decoded, form: "barcode", lookalikes: run.some((t) => t.lookalikes > 0) });
  }
  return found;
}

// The first of them, or null.
export function findLineInText(text: string, today: string): LineInText | null {
  return findLinesInText(text, today)[0] ?? null;
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

// "vencimento", "data de vencimento", "data do vencimento", "venc." — but not
// prose: "após o vencimento" (fines after the due date), "pagável até o
// vencimento", "30 dias do vencimento", which name no date (and the date read
// after them is another one: on a photo whose label column is lost in the
// dark, the document date).
const DUE_LABEL = /(?<!\b(?:o|ao|no|apos)\s)(?<!(?<!data\s)\bdo\s)\b(?:vencimento|venc\b\.?)/g;

// The date after each due-date label (the first within reach of it).
function labelledDates(folded: string): string[] {
  const dates = datesIn(folded);
  const hits: string[] = [];
  for (const label of folded.matchAll(DUE_LABEL)) {
    const end = label.index + label[0].length;
    const hit = dates.find((d) => d.index >= end && d.index <= end + LABEL_REACH);
    if (hit) hits.push(hit.iso);
  }
  return hits;
}

// A date under its label in a table, else the date after the due-date
// labels when they all agree. The spec's last resort, "the first valid date
// anywhere", is gone (docs/decisions/0038-boleto-never-wrong.md, issue 21):
// on a page without a readable label it was the document, reading or
// instruction date, a wrong due date stated with confidence; and labels that
// disagree (a quoted old boleto, "Vencimento original") give none.
export function findDueDate(text: string): string | null {
  const folded = foldText(text);
  const table = readTables(folded);
  if (table.dueDate) return table.dueDate;
  return agreed(labelledDates(folded));
}

// The one value several readings agree on; null when there is none or they differ.
function agreed<T>(xs: T[]): T | null {
  return xs.length > 0 && xs.every((x) => x === xs[0]) ? xs[0] : null;
}

// The due dates the page prints beside (or under) a due-date label: what a
// line's or barcode's due date is checked against. Empty when none is read.
export function printedDueDates(text: string): string[] {
  const folded = foldText(text);
  const table = readTables(folded);
  return table.dueDate ? [table.dueDate] : labelledDates(folded);
}

// ---- tables ------------------------------------------------------------------------

// A receipt laid out as a table: a row of labels ("Data do Documento  Nº
// Data de Vencimento  Valor") and, on the next text line, a row of values.
// Read line by line, the first date after "vencimento" is the first cell of
// the values row (the document date); read by column, it is the date in the
// same place among the row's dates as "vencimento" among its date labels.
const DATE_LABEL =
  /\b(?:data\s+(?:de\s+|do\s+|da\s+)?(?:vencimento|documento|emissao|processamento|pagamento|leitura)|data|vencimento|venc\b\.?|emissao)/g;
const MONEY_LABEL =
  /\b(?:valor(?:\s+(?:do\s+documento|cobrado|a\s+pagar|total|da\s+fatura|do\s+boleto))?|total(?:\s+a\s+pagar)?|desconto|multa|juros|abatimento)\b/g;

function readTables(folded: string): { dueDate: string | null; amountCents: number | null } {
  const lines = folded.split(/\r?\n/);
  let dueDate: string | null = null;
  let amountCents: number | null = null;
  for (let i = 0; i + 1 < lines.length; i++) {
    const labels = lines[i];
    const values = lines[i + 1];
    const dateLabels = [...labels.matchAll(DATE_LABEL)].map((m) => /venc/.test(m[0]));
    const moneyLabels = [...labels.matchAll(MONEY_LABEL)].map((m) => /valor|total/.test(m[0]));
    // A header row holds labels only: no date and no amount of its own.
    if (dateLabels.length + moneyLabels.length < 2 || datesIn(labels).length || amountsIn(labels).length) continue;
    const dates = datesIn(values);
    const due = dateLabels.indexOf(true);
    if (dueDate === null && due >= 0 && dates.length === dateLabels.length && dateLabels.indexOf(true, due + 1) < 0)
      dueDate = dates[due].iso;
    const amounts = amountsIn(values, true);
    const amount = moneyLabels.indexOf(true);
    if (
      amountCents === null &&
      amount >= 0 &&
      amounts.length === moneyLabels.length &&
      moneyLabels.indexOf(true, amount + 1) < 0
    )
      amountCents = amounts[amount].cents;
  }
  return { dueDate, amountCents };
}

// ---- amount ----------------------------------------------------------------------

// pt-BR money with two decimals: "1.250,00", "1250,00", "87,43".
const AMOUNT = /(?<![\d.,])(\d{1,3}(?:\.\d{3})+|\d+)\s?,\s?(\d{2})(?![\d,]|\.\d)/g;

function amountsIn(text: string, withZero = false): { index: number; cents: number }[] {
  const found: { index: number; cents: number }[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const cents = Number(m[1].replace(/\./g, "")) * 100 + Number(m[2]);
    // "0,00" sits in the empty discount boxes; it is never the amount due
    // (but in a table row it holds its column's place).
    if ((cents > 0 || withZero) && Number.isSafeInteger(cents)) found.push({ index: m.index, cents });
  }
  return found;
}

// The labels of the amount due: "Valor do Documento", "Total a pagar", a
// bare "Total" (a statement's itemized lines end with it), then "valor".
// Money after "R$" alone is an itemized line or a fee in the instructions
// ("juros de R$ 0,50 ao dia"): never the amount.
const AMOUNT_LABELS = [
  /\b(?:valor\s+(?:do\s+documento|cobrado|a\s+pagar|total|da\s+fatura|do\s+boleto)|total\s+a\s+pagar|total)\b/g,
  /\bvalor\b/g,
];

function labelledAmounts(folded: string, labels: RegExp): number[] {
  const amounts = amountsIn(folded);
  const hits: number[] = [];
  for (const label of folded.matchAll(labels)) {
    const end = label.index + label[0].length;
    const hit = amounts.find((a) => a.index >= end && a.index <= end + LABEL_REACH);
    if (hit) hits.push(hit.cents);
  }
  return hits;
}

// A table's amount, else the amount after the strongest labels found, when
// they all agree (two totals, "valor da multa" before "Valor": none). No
// unlabelled amount, not even the page's only "R$" one: a receipt with the
// amount in words held just the fine's (issue 21).
export function findAmount(text: string): number | null {
  const folded = foldText(text);
  const table = readTables(folded);
  if (table.amountCents) return table.amountCents;
  for (const labels of AMOUNT_LABELS) {
    const hits = labelledAmounts(folded, labels);
    if (hits.length > 0) return agreed(hits);
  }
  return null;
}

// The amounts the page prints beside (or under) "Valor ..." or "Total": what
// a line's or barcode's amount is checked against. Empty when none is read.
export function printedAmounts(text: string): number[] {
  const folded = foldText(text);
  const table = readTables(folded);
  if (table.amountCents) return [table.amountCents];
  return AMOUNT_LABELS.flatMap((labels) => labelledAmounts(folded, labels));
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

// The month a bill is for, as "YYYY-MM", when the text says it. With the due
// date known, a month more than a year away from it is an OCR misreading
// ("2028" for "2026") and is passed over.
export function findReferenceMonth(text: string, dueDate: string | null = null): string | null {
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
    if (!(month >= 1 && month <= 12 && year >= 2000 && year <= 2099)) continue;
    if (dueDate) {
      const away = year * 12 + month - (Number(dueDate.slice(0, 4)) * 12 + Number(dueDate.slice(5, 7)));
      if (Math.abs(away) > 12) continue;
    }
    return `${year}-${String(month).padStart(2, "0")}`;
  }
  return null;
}
