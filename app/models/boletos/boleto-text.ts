import { decodeBarcode, decodeDigitableLine, type DecodedBoleto } from "./boleto-line";

// What the words of a boleto say, from a PDF's text layer or from OCR: the
// digitable line (normalised from what OCR does to digits, then trusted only
// when its check digits hold). The printed labels (due date, amount, month)
// are read by boleto-labels.ts. Pure and client-safe.

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
