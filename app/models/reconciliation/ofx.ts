// OFX statements, SGML 1.x (elements often left open: "<TRNAMT>-12.50") and XML
// 2.x, read by our own tokenizer in one linear pass (why not a package:
// docs/decisions/0035-statement-files.md). Pure and client-safe.

import type { ParseResult, StatementLine } from "./statement";
import { collapse, decodeText, firstPerKey, isoDay } from "./statement-common";
import { cents, ZERO_CENTS, type Cents } from "#app/models/shared/money";

type OfxNode = { name: string; text: string | null; children: OfxNode[] };

// Real OFX nests about 8 deep and names are short; beyond these the file is not OFX.
const MAX_DEPTH = 64;
const MAX_NAME = 64;

const REDOWNLOAD = "Baixe o extrato de novo no internet banking.";
const corrupt = (detail: string) => `O extrato OFX está incompleto ou corrompido: ${detail}. ${REDOWNLOAD}`;

class OfxError extends Error {}

// Most elements are leaves: they share one empty list until a child comes.
const NO_CHILDREN: readonly OfxNode[] = [];
function adopt(parent: OfxNode, children: OfxNode[]) {
  if (parent.children === NO_CHILDREN) parent.children = [];
  for (const c of children) parent.children.push(c); // not push(...): a list may be huge
}
const element = (name: string): OfxNode => ({ name, text: null, children: NO_CHILDREN as OfxNode[] });

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string) {
  if (!text.includes("&")) return text;
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,4});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole; // a bare "&" in SGML text stays as it is
  });
}

function isNameChar(c: number) {
  // A-Z a-z 0-9 _ .
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 46;
}

// The tree of the document. An element followed by text is a leaf and ends
// there (SGML leaves need no end tag; an end tag right after is skipped). An
// element followed by another tag is an aggregate and needs its end tag; one
// that never gets it was an empty element ("<MEMO>" then "<NAME>..."): its
// children move up to its parent. Tags still open at the end: a cut file.
function parseTree(s: string): OfxNode {
  const root = element("");
  const stack: OfxNode[] = [root];
  let awaiting: OfxNode | null = null; // just opened, text may follow
  let lastLeaf: OfxNode | null = null; // just closed by its text; "</NAME>" may follow
  let textStart = 0;
  let i = s.indexOf("<");
  while (i !== -1) {
    let end: number;
    let name = "";
    let closing = false;
    if (s.startsWith("<!--", i) || s.startsWith("<?", i) || s.startsWith("<!", i)) {
      const stop = s.startsWith("<!--", i) ? "-->" : s[i + 1] === "?" ? "?>" : ">";
      const at = s.indexOf(stop, i);
      if (at === -1) throw new OfxError("o arquivo termina no meio de uma marcação");
      end = at + stop.length;
    } else {
      let j = i + 1;
      if (s.charCodeAt(j) === 47) {
        closing = true;
        j++;
      }
      const nameStart = j;
      while (j < s.length && j - nameStart <= MAX_NAME && isNameChar(s.charCodeAt(j))) j++;
      name = s.slice(nameStart, j).toUpperCase();
      while (s[j] === " " || s[j] === "\t") j++;
      const selfClosing = !closing && s[j] === "/" && s[j + 1] === ">";
      if (selfClosing) j++;
      if (!name || name.length > MAX_NAME || s[j] !== ">") {
        i = s.indexOf("<", i + 1); // a "<" in text ("A < B"): not a tag
        continue;
      }
      end = j + 1;
      const text = s.slice(textStart, i).trim();
      if (awaiting && text) {
        awaiting.text = decodeEntities(text);
        stack.pop();
        lastLeaf = awaiting;
        awaiting = null;
      }
      if (selfClosing) {
        adopt(stack[stack.length - 1], [{ ...element(name), text: "" }]);
        awaiting = lastLeaf = null;
      } else if (!closing) {
        const node = element(name);
        adopt(stack[stack.length - 1], [node]);
        stack.push(node);
        if (stack.length > MAX_DEPTH) throw new OfxError("marcações aninhadas demais");
        awaiting = node;
        lastLeaf = null;
      } else if (awaiting && awaiting.name === name) {
        awaiting.text = ""; // "<MEMO></MEMO>"
        stack.pop();
        awaiting = null;
      } else if (lastLeaf && lastLeaf.name === name) {
        lastLeaf = null; // "<FITID>123</FITID>": already closed by its text
      } else {
        let at = stack.length - 1;
        while (at > 0 && stack[at].name !== name) at--;
        if (at === 0) throw new OfxError(`a marcação </${name}> fecha o que não foi aberto`);
        while (stack.length - 1 > at) {
          const empty = stack.pop()!;
          if (empty.children.length) adopt(stack[stack.length - 1], empty.children);
          empty.children = NO_CHILDREN as OfxNode[];
          empty.text = "";
        }
        stack.pop();
        awaiting = lastLeaf = null;
      }
    }
    textStart = end;
    i = s.indexOf("<", end);
  }
  const tail = s.slice(textStart).trim();
  if (awaiting && tail) {
    awaiting.text = decodeEntities(tail);
    stack.pop();
  }
  if (stack.length > 1) throw new OfxError(`o arquivo termina antes do fim de <${stack[stack.length - 1].name}>`);
  return root;
}

const child = (node: OfxNode | undefined, name: string) => node?.children.find((c) => c.name === name);
const value = (node: OfxNode | undefined, name: string) => {
  const text = child(node, name)?.text?.trim();
  return text ? text : null;
};

function findAll(node: OfxNode, names: string[], out: OfxNode[] = []): OfxNode[] {
  for (const c of node.children) {
    if (names.includes(c.name)) out.push(c);
    else findAll(c, names, out);
  }
  return out;
}

// "20261105", "20261105120000[-3:BRT]", "20261105120000.000[-03:EST]" → "2026-11-05":
// the day as the bank wrote it, in its own time zone, never shifted to UTC.
export function ofxDay(raw: string | null): string | null {
  const m = raw ? /^(\d{4})(\d{2})(\d{2})/.exec(raw.trim()) : null;
  return m ? isoDay(m[1], m[2], m[3]) : null;
}

// "-12.50", "1250,00", "+980", "850.5", "1.250,75" → centavos, by integer maths
// on the digits; null when it is not an amount (or has a fraction of a centavo).
export function ofxAmountCents(raw: string | null): Cents | null {
  const m = raw ? /^([+-]?)(\d*(?:[.,]\d+)*)$/.exec(raw.replace(/\s/g, "")) : null;
  if (!m || !/\d/.test(m[2])) return null;
  let whole = m[2];
  let fraction = "";
  const last = Math.max(whole.lastIndexOf("."), whole.lastIndexOf(","));
  if (last !== -1) {
    const sep = whole[last];
    const other = sep === "." ? "," : ".";
    // One separator of its kind, or the last of two kinds, is the decimal one;
    // "1.250.000" has thousands separators only.
    if (whole.split(sep).length === 2 || whole.includes(other)) {
      fraction = whole.slice(last + 1);
      whole = whole.slice(0, last);
    }
    if (/[.,]/.test(whole)) {
      if (!/^\d{1,3}([.,]\d{3})+$/.test(whole) || (whole.includes(".") && whole.includes(","))) return null;
      whole = whole.replace(/[.,]/g, "");
    }
  }
  if (fraction.length > 2) {
    if (!/^0+$/.test(fraction.slice(2))) return null;
    fraction = fraction.slice(0, 2);
  }
  if (whole.length > 13) return null;
  const amount = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return cents(m[1] === "-" && amount !== 0 ? -amount : amount);
}

export function parseOfx(bytes: Uint8Array): ParseResult {
  let root: OfxNode;
  try {
    root = parseTree(decodeText(bytes));
  } catch (error) {
    if (error instanceof OfxError) return { ok: false, message: corrupt(error.message) };
    throw error;
  }
  const ofx = child(root, "OFX");
  if (!ofx) return { ok: false, message: corrupt("falta a marcação <OFX>") };
  const statements = findAll(ofx, ["STMTRS", "CCSTMTRS"]);
  if (statements.length === 0) {
    return {
      ok: false,
      message:
        "O arquivo OFX não traz extrato de conta nem de cartão. Baixe no internet banking o extrato da conta em formato OFX.",
    };
  }

  const lines: StatementLine[] = [];
  const accounts: string[] = [];
  let start: string | null = null;
  let end: string | null = null;
  let ordinal = 0;
  for (const statement of statements) {
    const from = child(statement, "BANKACCTFROM") ?? child(statement, "CCACCTFROM");
    const bankId = value(from, "BANKID") ?? "";
    const acctId = value(from, "ACCTID") ?? "";
    const account = bankId ? `${bankId}/${acctId}` : acctId;
    if (account && !accounts.includes(account)) accounts.push(account);
    const list = child(statement, "BANKTRANLIST");
    const dtStart = ofxDay(value(list, "DTSTART"));
    const dtEnd = ofxDay(value(list, "DTEND"));
    if (dtStart && (start === null || dtStart < start)) start = dtStart;
    if (dtEnd && (end === null || dtEnd > end)) end = dtEnd;
    for (const trn of list?.children.filter((c) => c.name === "STMTTRN") ?? []) {
      ordinal++;
      const date = ofxDay(value(trn, "DTPOSTED"));
      if (!date) return { ok: false, message: lineError(ordinal, "data ilegível", value(trn, "DTPOSTED")) };
      const amountCents = ofxAmountCents(value(trn, "TRNAMT"));
      if (amountCents === null)
        return { ok: false, message: lineError(ordinal, "valor ilegível", value(trn, "TRNAMT")) };
      const fitId = value(trn, "FITID");
      if (!fitId) return { ok: false, message: lineError(ordinal, "sem o identificador do banco (FITID)", null) };
      const name = collapse(value(trn, "NAME"));
      const memo = collapse(value(trn, "MEMO"));
      const number = [value(trn, "CHECKNUM"), value(trn, "REFNUM")].find((n) => n && /[^0]/.test(n)) ?? null;
      lines.push({
        key: `ofx:${bankId}:${acctId}:${fitId}`,
        date,
        amountCents,
        credit: amountCents > 0,
        info: false,
        movement: null,
        movementName: null,
        memo: name === memo ? name : collapse(`${name} ${memo}`),
        payerName: null,
        payerDoc: null,
        reference: null,
        documentNumber: number,
        feesCents: ZERO_CENTS,
        interestCents: ZERO_CENTS,
        line: ordinal,
      });
    }
  }
  return {
    ok: true,
    statement: {
      kind: "ofx",
      account: accounts.length ? accounts.join(", ") : null,
      start,
      end,
      lines: firstPerKey(lines),
    },
  };
}

function lineError(ordinal: number, what: string, raw: string | null) {
  const shown = raw === null ? "" : ` ("${raw.slice(0, 40)}")`;
  return `Lançamento ${ordinal}: ${what}${shown}. ${REDOWNLOAD}`;
}
