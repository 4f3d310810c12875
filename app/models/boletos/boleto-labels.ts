import { isRealDate } from "#app/models/shared/days";
import { foldText } from "./boleto-text";
import { centsOrNull, type Cents } from "#app/models/shared/money";

// What the printed labels of a boleto say: its due date, its amount and the
// month it is for, from a PDF's text layer or from OCR. A value is taken only
// where its label plainly points at it; anything less gives none
// (docs/decisions/0038-boleto-never-wrong.md, "Reading a label"). Pure and
// client-safe.

type Found<T> = { start: number; end: number; value: T };

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

// ---- values in a text line ---------------------------------------------------

// dd/mm/yyyy, dd-mm-yyyy or dd.mm.yyyy (one separator throughout), and
// "10 de dezembro de 2026".
const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2})\s?([/.-])\s?(\d{1,2})\s?\2\s?(\d{4})(?![\d/.-]?\d)/g;
const WORDS_DATE = new RegExp(`\\b(\\d{1,2})\\s+de\\s+(${MONTHS.join("|")})\\s+de\\s+(\\d{4})\\b`, "g");

function datesIn(line: string): Found<string>[] {
  const found: Found<string>[] = [];
  const add = (index: number, length: number, y: number, mo: number, d: number) => {
    if (!isRealDate(y, mo, d)) return;
    const iso = `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    found.push({ start: index, end: index + length, value: iso });
  };
  for (const m of line.matchAll(NUMERIC_DATE)) add(m.index, m[0].length, Number(m[4]), Number(m[3]), Number(m[1]));
  for (const m of line.matchAll(WORDS_DATE))
    add(m.index, m[0].length, Number(m[3]), MONTHS.indexOf(m[2]) + 1, Number(m[1]));
  return found.sort((a, b) => a.start - b.start);
}

// pt-BR money with two decimals: "1.250,00", "1250,00", "87,43".
const AMOUNT = /(?<![\d.,])(\d{1,3}(?:\.\d{3})+|\d+)\s?,\s?(\d{2})(?![\d,]|\.\d)/g;

// "0,00" sits in the empty discount boxes: it is never the amount due (but in
// a table row it holds its column's place).
function amountsIn(line: string, withZero = false): Found<number>[] {
  const found: Found<number>[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const cents = Number(m[1].replace(/\./g, "")) * 100 + Number(m[2]);
    if ((cents > 0 || withZero) && Number.isSafeInteger(cents))
      found.push({ start: m.index, end: m.index + m[0].length, value: cents });
  }
  return found;
}

// ---- labels ------------------------------------------------------------------------

// Prose is not a label: "após o vencimento", "pagável até o vencimento", "30
// dias do vencimento", "sobre o valor" name no value (the one read after them
// is another).
const PROSE = String.raw`(?<!\b(?:o|ao|no|apos|sobre|seu)\s)(?<!(?<!data\s)\bdo\s)`;
const DUE_LABEL = new RegExp(String.raw`${PROSE}\b(?:vencimento|venc\b\.?|vence(?=\s+em\b))`, "g");
// The amount due, strongest first: "Valor do Documento", "Total a pagar",
// "Total geral", a bare "Total" (a statement's itemized lines end with it);
// then a bare "Valor".
const AMOUNT_LABEL = new RegExp(
  String.raw`${PROSE}\b(?:valor\s+(?:do\s+documento|cobrado|a\s+pagar|total|da\s+fatura|do\s+boleto)|total\s+(?:a\s+pagar|geral)|total)\b`,
  "g",
);
const BARE_VALUE_LABEL = new RegExp(String.raw`${PROSE}\bvalor\b`, "g");
// Every label whose value is a date, or money: they decide which value of a
// row is whose.
const DATE_LABEL =
  /\b(?:data\s+(?:de\s+|do\s+|da\s+)?(?:vencimento|documento|emissao|processamento|pagamento|leitura)|data|vencimento|venc\b\.?|emissao|periodo(?:\s+de\s+(?:referencia|consumo))?|leitura\s+(?:anterior|atual)|proxima\s+leitura)/g;
const MONEY_LABEL =
  /\b(?:valor(?:\s+(?:do\s+documento|cobrado|a\s+pagar|total|da\s+fatura|do\s+boleto))?|total(?:\s+(?:a\s+pagar|geral))?|desconto|multa|juros|abatimento|deducoes|acrescimos)\b/g;

// A word after a label that makes it another value's: "Vencimento original",
// "Total do mês", "Valor da multa", "Valor total do contrato".
const QUALIFIED = /^\s*(?:original|anterior|prorrogad\w*|do|da|dos|das|de|no|na)\b/;
// What may sit between a label and its value on the same line.
const BETWEEN = /^[\s:=\-–—()|]*(?:(?:r\s?\$|rs)\s*)?(?:(?:em|dia)\s+)?/;
const SEPARATORS_ONLY = /^[\s:=\-–—()|.]*$/;
// After a label that ends its line: nothing, or what OCR makes of box rules
// and specks (marks, one- or two-letter scraps), never a digit or a word.
const NOTHING_READ = /^(?:[\s:=\-–—()|.[\]_~'"`]|\b[a-z]{1,2}\b)*$/;

type Kind<T> = { valuesIn: (line: string) => Found<T>[]; rowLabels: RegExp };
const DATES: Kind<string> = { valuesIn: (line) => datesIn(line), rowLabels: DATE_LABEL };
const AMOUNTS: Kind<number> = { valuesIn: (line) => amountsIn(line), rowLabels: MONEY_LABEL };

// A line that starts with a value and ends with a label: its labels sit to
// the right of their values ("15/03/2026 Vencimento 1.250,00 Valor").
function valuesFirst(line: string): boolean {
  const trimmed = line.trim().replace(/^(?:r\s?\$|rs)\s*/, "");
  const first = [...datesIn(trimmed), ...amountsIn(trimmed, true)].some((v) => v.start === 0);
  const lastWord = /[a-z]\.?\s*[:|]?\s*$/.test(trimmed);
  return first && lastWord;
}

// The value each label of `label` points at, one entry per label that points
// at one, in reading order:
// - beside it: the value right after it on its line (only a colon, "R$",
//   "em" between), or right before it on a line whose labels follow their
//   values;
// - under it: when it ends its line and is its line's only label of this
//   kind, the one value of the next line that has values (within two lines),
//   unless that line holds a label of this kind itself.
// Several labels on one row over a row of values are read by column
// (readTables), never here.
function labelled<T>(lines: string[], label: RegExp, kind: Kind<T>): T[] {
  const hits: T[] = [];
  lines.forEach((line, i) => {
    const backwards = valuesFirst(line);
    const values = kind.valuesIn(line);
    for (const m of line.matchAll(label)) {
      const end = m.index + m[0].length;
      const rest = line.slice(end);
      if (QUALIFIED.test(rest)) continue;
      if (backwards) {
        const before = values.filter((v) => v.end <= m.index).at(-1);
        if (before && SEPARATORS_ONLY.test(line.slice(before.end, m.index))) hits.push(before.value);
        continue;
      }
      const at = end + (BETWEEN.exec(rest)?.[0].length ?? 0);
      const beside = values.find((v) => v.start === at);
      if (beside) {
        hits.push(beside.value);
        continue;
      }
      if (!NOTHING_READ.test(rest) || [...line.matchAll(kind.rowLabels)].length !== 1) continue;
      for (const next of lines.slice(i + 1, i + 3)) {
        if (next.search(kind.rowLabels) >= 0) break;
        const below = kind.valuesIn(next);
        if (below.length === 0) continue;
        if (below.length === 1) hits.push(below[0].value);
        break;
      }
    }
  });
  return hits;
}

// ---- tables ------------------------------------------------------------------------

// A receipt laid out as a table: a row of labels ("Data do Documento  Nº
// Data de Vencimento  Valor") and, on the next text line, a row of values.
// Read line by line, the first date after "vencimento" is the first cell of
// the values row (the document date); read by column, it is the date in the
// same place among the row's dates as "vencimento" among its date labels. A
// period ("01/11/2026 a 30/11/2026") is one cell; a row whose count of dates
// or amounts is not its count of labels (an empty cell) says nothing.
function dateCells(line: string): Found<string>[] {
  const cells: Found<string>[] = [];
  for (const date of datesIn(line)) {
    const last = cells.at(-1);
    if (last && /^\s*(?:a|ate|-|–)\s*$/.test(line.slice(last.end, date.start))) last.end = date.end;
    else cells.push({ ...date });
  }
  return cells;
}

function readTables(lines: string[]): { dueDates: string[]; amounts: number[] } {
  const dueDates: string[] = [];
  const amounts: number[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const [labels, values] = [lines[i], lines[i + 1]];
    const dateLabels = [...labels.matchAll(DATE_LABEL)].map((m) => /venc/.test(m[0]));
    const moneyLabels = [...labels.matchAll(MONEY_LABEL)].map((m) => /valor|total/.test(m[0]));
    // A header row holds labels only: no date and no amount of its own.
    if (dateLabels.length + moneyLabels.length < 2 || datesIn(labels).length || amountsIn(labels, true).length)
      continue;
    const dates = dateCells(values);
    const due = dateLabels.indexOf(true);
    if (due >= 0 && dates.length === dateLabels.length && dateLabels.indexOf(true, due + 1) < 0)
      dueDates.push(dates[due].value);
    const money = amountsIn(values, true);
    const amount = moneyLabels.indexOf(true);
    if (amount >= 0 && money.length === moneyLabels.length && moneyLabels.indexOf(true, amount + 1) < 0)
      amounts.push(money[amount].value);
  }
  return { dueDates, amounts };
}

// ---- due date and amount -----------------------------------------------------------

// The one value several readings agree on; null when there is none or they differ.
function agreed<T>(xs: T[]): T | null {
  return xs.length > 0 && xs.every((x) => x === xs[0]) ? xs[0] : null;
}

const linesOf = (text: string) => foldText(text).split(/\r?\n/);

// Every due date the page prints under or beside a due-date label (a carnê
// prints one per slip): what a line's or barcode's due date is checked
// against. Empty when none is read.
export function printedDueDates(text: string): string[] {
  const lines = linesOf(text);
  return [...readTables(lines).dueDates, ...labelled(lines, DUE_LABEL, DATES)];
}

// The due date, when the page's due-date labels all point at the same date.
// No label, no date: the first date anywhere was the document, reading or
// instruction date (issue 21).
export function findDueDate(text: string): string | null {
  return agreed(printedDueDates(text));
}

function amountReadings(text: string): { strong: number[]; bare: number[] } {
  const lines = linesOf(text);
  return {
    strong: [...readTables(lines).amounts, ...labelled(lines, AMOUNT_LABEL, AMOUNTS)],
    bare: labelled(lines, BARE_VALUE_LABEL, AMOUNTS),
  };
}

// The amounts the page prints beside (or under) "Valor ..." or "Total": what
// a line's or barcode's amount is checked against. Empty when none is read.
export function printedAmounts(text: string): number[] {
  const { strong, bare } = amountReadings(text);
  return [...strong, ...bare];
}

// The amount after the strongest labels found, when they agree. No
// unlabelled amount, not even the page's only "R$" one: a receipt with the
// amount in words held just the fine's (issue 21).
export function findAmount(text: string): Cents | null {
  const { strong, bare } = amountReadings(text);
  return centsOrNull(agreed(strong.length > 0 ? strong : bare));
}

// ---- reference month ---------------------------------------------------------------

const MONTH_NAME = `(${MONTHS.join("|")}|jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez)\\.?`;

// "referente a outubro/2024", "referente ao mês de outubro de 2024",
// "competência 01/2025", "ref. 10/2024", "mês de referência: out/24",
// "mês/ano de referência 10/2024", "período de referência: 10/2024",
// "aluguel de novembro/2026".
const REFERENCE_LABEL =
  "(?:\\breferente\\s+(?:a|ao|as)?|\\bmes(?:\\s*/\\s*ano)?\\s+(?:de\\s+)?referencia|\\bperiodo\\s+(?:de\\s+)?referencia|\\breferencia|\\bcompetencia|\\bref\\b\\.?|\\bmes\\s+ref\\b\\.?|\\baluguel(?:\\s+de)?)";
const REFERENCE = new RegExp(
  `${REFERENCE_LABEL}\\s*[:\\-]?\\s*(?:(?:ao\\s+)?mes\\s+(?:de\\s+)?)?(?:${MONTH_NAME}\\s*(?:[/.\\-]|\\s+de\\s+|\\s+)\\s*(\\d{4}|\\d{2})|(\\d{1,2})\\s*[/.\\-]\\s*(\\d{4}|\\d{2}))(?![\\d/.\\-]?\\d)`,
  "g",
);

function year4(y: string): number {
  return y.length === 2 ? 2000 + Number(y) : Number(y);
}

// The month a bill is for, as "YYYY-MM", when the text says it once (or
// several times alike). `labelled`: the text names a month at all; when it
// does and none is kept (two different months, as when arrears list their own
// "competência", or one more than a year from the due date: an OCR misreading,
// "2028" for "2026"), the month is unknown, not the due date's.
export function readReferenceMonth(
  text: string,
  dueDate: string | null = null,
): { month: string | null; labelled: boolean } {
  const months: string[] = [];
  let labelled = false;
  for (const m of foldText(text).matchAll(REFERENCE)) {
    const [month, year] = m[1]
      ? [MONTHS.findIndex((name) => name.startsWith(m[1])) + 1, year4(m[2])]
      : [Number(m[3]), year4(m[4])];
    if (!(month >= 1 && month <= 12 && year >= 2000 && year <= 2099)) continue;
    labelled = true;
    if (dueDate) {
      const away = year * 12 + month - (Number(dueDate.slice(0, 4)) * 12 + Number(dueDate.slice(5, 7)));
      if (Math.abs(away) > 12) return { month: null, labelled };
    }
    months.push(`${year}-${String(month).padStart(2, "0")}`);
  }
  return { month: agreed(months), labelled };
}

export function findReferenceMonth(text: string, dueDate: string | null = null): string | null {
  return readReferenceMonth(text, dueDate).month;
}
