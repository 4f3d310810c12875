import { owedOn } from "#app/models/ledger/owed";
import { bankLineToBarcode, collectionLineToBarcode } from "#app/models/boletos/boleto-line";
import { PAYMENT_TOLERANCE_CENTS, subtractCents, type Cents } from "#app/models/shared/money";
import { addDays, daysBetween } from "#app/models/shared/days";

// Matching the credits of a bank statement to open billings
// (docs/decisions/0036-matching-credits.md). Pure and client-safe.
//
// 1. exact: the billing's Pix txid (COBRANCA<id>) is in the line, or the
//    CNAB nosso número points into one of its boletos, AND the credit is
//    within R$ 0,05 of the amount due on the credit's date. A reference with
//    another amount is only probable; a reference that hits two billings is
//    no reference at all.
// 2. probable: the amount due on the credit's date (within R$ 0,05), the
//    payer's CPF/CNPJ or name matches the tenant's, and the credit is within
//    10 days of the due date. A credit that names a tenant's whole CPF/CNPJ
//    (the CNAB payer's, or written in the memo) and fits none of the
//    tenant's billings that way is still probable for the tenant's oldest
//    open billing, with its difference: the document says who paid.
// 3. otherwise none.
// A billing is matched by one credit at most: exact ones first, in file order;
// then probable ones, closest date first.

export type CreditToMatch = {
  key: string;
  date: string;
  amountCents: Cents;
  memo: string;
  payerName: string | null;
  payerDoc: string | null;
  reference: string | null;
  documentNumber: string | null;
};

export type OpenBilling = {
  id: number;
  client_name: string;
  cpf_cnpj: string | null;
  due_date: string;
  amount_cents: Cents;
  late_fee_bp: number;
  monthly_interest_bp: number;
  // The ledger's projection (decision 0061): what a billing paid in part still owes.
  open_cents: number;
  rent_open_cents: number;
  accrued_through: string | null;
  digitable_lines: string[];
};

export type MatchKind = "exact" | "probable" | "none";
export type MatchReason = "txid" | "boleto" | "name" | "document";
export type CreditMatch = {
  kind: MatchKind;
  billingId: number | null;
  reason: MatchReason | null;
  dueCents: Cents | null;
  differenceCents: Cents | null;
};

export const EXACT_TOLERANCE_CENTS = PAYMENT_TOLERANCE_CENTS;
export const PROBABLE_WINDOW_DAYS = 10;

const NONE: CreditMatch = { kind: "none", billingId: null, reason: null, dueCents: null, differenceCents: null };

// ---- names and documents ----------------------------------------------------

// "João  da Silva-Souza" -> "JOAO DA SILVA SOUZA"
export function normalizeName(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z]+/g, " ")
    .trim();
}

const PARTICLES = new Set(["DE", "DA", "DO", "DAS", "DOS", "E", "DI", "DU"]);
// A tenant's words that tell people apart: particles and one- or two-letter words out.
const nameWords = (name: string) =>
  normalizeName(name)
    .split(" ")
    .filter((w) => w.length >= 3 && !PARTICLES.has(w));

// The payer's name matches the tenant's when it has the tenant's first name
// and surname (their last word), or when it is the tenant's full name cut by
// the bank (at 20-30 characters): from the first name to its end, the payer
// text is the beginning of the tenant's name, 15 characters or more and
// three of its words (the last one maybe cut, of 3+ letters). A first
// and a middle name alone ("Maria Aparecida") are shared by too many people;
// a one-word name is never enough.
const MIN_CUT_NAME = 15;
function namesMatch(tenant: { words: string[]; full: string }, payerWords: Set<string>, payerText: string) {
  const { words } = tenant;
  if (words.length < 2 || !payerWords.has(words[0]!)) return false;
  if (payerWords.has(words.at(-1)!)) return true;
  const from = ` ${payerText} `.indexOf(` ${words[0]} `);
  const cut = payerText.slice(from);
  // Past the first two names: "MARIA APARECIDA" may be any Maria Aparecida.
  return cut.length >= MIN_CUT_NAME && tenant.full.startsWith(cut) && nameWords(cut).length >= 3;
}

// CPF/CNPJ shapes in a memo, digits or masked ("***.456.789-**"), plain or
// formatted (000.000.000-00, 00.000.000/0000-00): each as 11 or 14
// characters of digits and "*". A CNPJ may also be alphanumeric (Receita
// Federal's IN 2.229/2024, issued from July 2026: twelve letters or digits
// and two check digits, "12.ABC.345/01DE-35"): its shape takes letters too,
// and only a tenant's document equal to it (or, masked, agreeing in every
// visible character) makes it count.
const DOC_SHAPES = [
  /(?<![\d*])[\d*]{3}\.?[\d*]{3}\.?[\d*]{3}-?[\d*]{2}(?![\d*])/g,
  /(?<![\dA-Z*])[\dA-Z*]{2}\.?[\dA-Z*]{3}\.?[\dA-Z*]{3}\/?[\dA-Z*]{4}-?[\d*]{2}(?![\dA-Z*])/g,
];
export function docsInText(text: string): string[] {
  const found: string[] = [];
  const upper = text.toUpperCase();
  for (const shape of DOC_SHAPES)
    for (const m of upper.matchAll(shape)) {
      const doc = m[0].replace(/[^\dA-Z*]/g, "");
      // Letters alone are words, not a document.
      if (/\d/.test(doc)) found.push(doc);
    }
  return found;
}

// A tenant's CPF (11 digits) or CNPJ (14, maybe alphanumeric) as stored
// (clients.cpf_cnpj holds it without punctuation; tolerated with it), or null.
export function documentKey(cpfCnpj: string | null | undefined): string | null {
  const doc = (cpfCnpj ?? "").toUpperCase().replace(/[^\dA-Z]/g, "");
  return /^\d{11}$/.test(doc) || /^[\dA-Z]{12}\d{2}$/.test(doc) ? doc : null;
}

// A document, full or masked, names the tenant when it has the tenant's
// length, at least 6 visible digits, and every visible digit agrees.
function docMatches(candidate: string, tenantDigits: string) {
  if (candidate.length !== tenantDigits.length) return false;
  let visible = 0;
  for (let i = 0; i < candidate.length; i++) {
    if (candidate[i] === "*") continue;
    if (candidate[i] !== tenantDigits[i]) return false;
    visible++;
  }
  return visible >= 6;
}

// What the review looks tenants up by (review-proposals.server.ts), in the
// lists' fold (lower case, no accents): the payer's words that may be a
// tenant's first name; for each, what may follow it at the end of the
// tenant's name (any payer word: the surname) and the texts from it on that
// a bank's cut may have left (the rule above); and the rule itself, the
// payer's words read once for every tenant tried. A tenant whose folded
// name begins with one of `firstNames` and ends with one of `surnames` (as
// whole words of letters) meets the rule's first branch; `matches` decides
// the rest.
export function payerNameProbes(credit: Pick<CreditToMatch, "payerName" | "memo">) {
  const payerWords = new Set(normalizeName(`${credit.payerName ?? ""} ${credit.memo}`).split(" "));
  const payerText = normalizeName(credit.payerName ?? credit.memo);
  const first = [...new Set(nameWords(`${credit.payerName ?? ""} ${credit.memo}`))];
  const cutFrom = (word: string) => {
    const from = ` ${payerText} `.indexOf(` ${word} `);
    const cut = from < 0 ? "" : payerText.slice(from);
    return cut.length >= MIN_CUT_NAME && nameWords(cut).length >= 3 ? [cut.toLowerCase()] : [];
  };
  return {
    firstNames: first.map((word) => ({ word: word.toLowerCase(), cuts: cutFrom(word) })),
    // A tenant's surname is a word of theirs the rule counts: 3 letters or more, no particle.
    surnames: new Set([...payerWords].filter((w) => w.length >= 3 && !PARTICLES.has(w)).map((w) => w.toLowerCase())),
    matches: (tenantName: string) =>
      namesMatch({ words: nameWords(tenantName), full: normalizeName(tenantName) }, payerWords, payerText),
  };
}

// ---- references ---------------------------------------------------------------

// "COBRANCA42" as a whole token: never billing 4 of "COBRANCA42", nor 42 of "COBRANCA420".
const TXID = /(?<![A-Z])COBRANCA([1-9]\d{0,15})(?!\d)/gi;
export function txidBillings(texts: (string | null)[]) {
  const ids = new Set<number>();
  for (const t of texts) if (t) for (const m of t.matchAll(TXID)) ids.add(Number(m[1]));
  return ids;
}

// The 25 digits of a boleto's free field (barcode positions 20-44, FEBRABAN),
// where each bank writes its nosso número.
function freeField(line: string): string | null {
  if (/^\d{47}$/.test(line)) return bankLineToBarcode(line).slice(19, 44);
  if (/^\d{48}$/.test(line)) return collectionLineToBarcode(line).slice(19, 44);
  return null;
}

const MIN_REFERENCE = 6; // shorter digit strings occur in a free field by chance
// The ways a nosso número is written in a return file beside the boleto: as
// is, without its leading zeros, without a check digit or a parcela (up to
// two digits) at its end.
function referenceVariants(reference: string): string[] {
  const digits = reference.replace(/\D/g, "");
  const out = new Set<string>();
  for (let cut = 0; cut <= 2; cut++) {
    const v = digits.slice(0, digits.length - cut);
    const significant = v.replace(/^0+/, "");
    for (const s of [v, significant]) if (s.length >= MIN_REFERENCE && significant.length >= 4) out.add(s);
  }
  return [...out];
}

// Every substring (of MIN_REFERENCE digits or more) of each billing's free fields -> billing ids.
function freeFieldIndex(billings: OpenBilling[]) {
  const index = new Map<string, Set<number>>();
  for (const b of billings)
    for (const line of b.digitable_lines) {
      const field = freeField(line);
      if (!field) continue;
      for (let i = 0; i + MIN_REFERENCE <= field.length; i++)
        for (let j = i + MIN_REFERENCE; j <= field.length; j++) {
          const key = field.slice(i, j);
          const set = index.get(key) ?? new Set<number>();
          set.add(b.id);
          index.set(key, set);
        }
    }
  return index;
}

// ---- matching -------------------------------------------------------------------

type Prepared = OpenBilling & { words: string[]; full: string; docDigits: string | null };

// Billings sorted by due date, and the ones due from `first` to `last` (ISO
// days compare as strings): a credit's candidates are those of its window
// only. At 5,000 contracts a first name is shared by ~430 open billings, most
// outside a credit's 21 days; visiting each of them for each of 12,000 named
// credits was most of a 36,000-line import (issue 34).
function byDueDate(billings: Prepared[]) {
  return billings.sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0));
}
function* dueBetween(sorted: readonly Prepared[], first: string, last: string) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.due_date < first) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i]!.due_date <= last; i++) yield sorted[i]!;
}

function amountDue(b: OpenBilling, day: string) {
  return owedOn(b, day).total;
}

function result(kind: MatchKind, reason: MatchReason, b: OpenBilling, credit: CreditToMatch): CreditMatch {
  const dueCents = amountDue(b, credit.date);
  return { kind, billingId: b.id, reason, dueCents, differenceCents: subtractCents(credit.amountCents, dueCents) };
}

export function matchCredits(credits: CreditToMatch[], billings: OpenBilling[]): CreditMatch[] {
  const out: CreditMatch[] = credits.map(() => NONE);
  const byId = new Map<number, Prepared>();
  for (const b of billings) {
    // Every field named (not `...b`): a billing that crossed from the server
    // thread arrives as a structured clone, and a spread of it made objects
    // whose fields the loops below read several times slower.
    byId.set(b.id, {
      id: b.id,
      client_name: b.client_name,
      cpf_cnpj: b.cpf_cnpj,
      due_date: b.due_date,
      amount_cents: b.amount_cents,
      late_fee_bp: b.late_fee_bp,
      monthly_interest_bp: b.monthly_interest_bp,
      open_cents: b.open_cents,
      rent_open_cents: b.rent_open_cents,
      accrued_through: b.accrued_through,
      digitable_lines: b.digitable_lines,
      words: nameWords(b.client_name),
      full: normalizeName(b.client_name),
      docDigits: documentKey(b.cpf_cnpj),
    });
  }
  const taken = new Set<number>();
  const boletos = credits.some((c) => c.amountCents > 0 && c.reference) ? freeFieldIndex(billings) : null;

  // The one billing a credit's references name, or null (none, or several).
  const referenced: ({ billing: Prepared; reason: MatchReason } | null)[] = credits.map((c) => {
    if (c.amountCents <= 0) return null;
    const hits = new Map<number, MatchReason>();
    for (const id of txidBillings([c.memo, c.reference, c.documentNumber])) if (byId.has(id)) hits.set(id, "txid");
    if (boletos && c.reference)
      for (const v of referenceVariants(c.reference))
        for (const id of boletos.get(v) ?? []) if (!hits.has(id)) hits.set(id, "boleto");
    if (hits.size !== 1) return null;
    const [[id, reason]] = [...hits];
    return { billing: byId.get(id!)!, reason: reason! };
  });

  // 1. exact, in file order.
  credits.forEach((c, i) => {
    const ref = referenced[i];
    if (!ref || taken.has(ref.billing.id)) return;
    const m = result("exact", ref.reason, ref.billing, c);
    if (Math.abs(m.differenceCents!) > EXACT_TOLERANCE_CENTS) return;
    out[i] = m;
    taken.add(ref.billing.id);
  });
  // 2. a reference with another amount: probable, staff decide.
  credits.forEach((c, i) => {
    const ref = referenced[i];
    if (out[i]!.kind !== "none" || !ref || taken.has(ref.billing.id)) return;
    out[i] = result("probable", ref.reason, ref.billing, c);
    taken.add(ref.billing.id);
  });

  // 3. probable by amount and payer, within the window; the closest date wins.
  // Candidates by the tenant's first word, or full CPF/CNPJ; a masked one
  // ("***.456.789-**") is compared with every tenant who has a document.
  // Each list sorted by due date: a credit reads its window of each.
  const byFirstWord = new Map<string, Prepared[]>();
  const byDoc = new Map<string, Prepared[]>();
  const withDoc: Prepared[] = [];
  const push = (map: Map<string, Prepared[]>, key: string, b: Prepared) => {
    const list = map.get(key);
    if (list) list.push(b);
    else map.set(key, [b]);
  };
  for (const b of byId.values()) {
    if (b.words.length >= 2) push(byFirstWord, b.words[0]!, b);
    if (b.docDigits) {
      push(byDoc, b.docDigits, b);
      withDoc.push(b);
    }
  }
  for (const list of byFirstWord.values()) byDueDate(list);
  for (const list of byDoc.values()) byDueDate(list);
  byDueDate(withDoc);
  type Pair = { credit: number; billing: Prepared; reason: MatchReason; days: number; diff: Cents; due: Cents };
  const pairs: Pair[] = [];
  credits.forEach((c, i) => {
    if (out[i]!.kind !== "none" || c.amountCents <= 0) return;
    const text = [c.payerName ?? "", c.memo].join(" ");
    const payerText = normalizeName(c.payerName ?? c.memo);
    // The bank's own payer document (CNAB) names someone else: no name can say otherwise.
    const payerDoc = documentKey(c.payerDoc);
    const payerWords = new Set(normalizeName(text).split(" "));
    const docs = [...(payerDoc ? [payerDoc] : []), ...docsInText(text)];
    const first = addDays(c.date, -PROBABLE_WINDOW_DAYS);
    const last = addDays(c.date, PROBABLE_WINDOW_DAYS);
    // Only billings due within the window. (The order they are visited in
    // does not matter: the pairs are sorted on a total order below.)
    const candidates = new Set<Prepared>();
    for (const w of payerWords) for (const b of dueBetween(byFirstWord.get(w) ?? [], first, last)) candidates.add(b);
    for (const d of docs)
      for (const b of dueBetween(d.includes("*") ? withDoc : (byDoc.get(d) ?? []), first, last)) candidates.add(b);
    for (const b of candidates) {
      if (taken.has(b.id)) continue;
      // The payer first (set lookups), then the amount due (multa and juros on
      // the credit's date), which only adds to the rent.
      const reason: MatchReason | null =
        b.docDigits && docs.some((d) => docMatches(d, b.docDigits!))
          ? "document"
          : (!payerDoc || !b.docDigits) && namesMatch(b, payerWords, payerText)
            ? "name"
            : null;
      if (!reason || c.amountCents < b.amount_cents - EXACT_TOLERANCE_CENTS) continue;
      const due = amountDue(b, c.date);
      const diff = subtractCents(c.amountCents, due);
      if (Math.abs(diff) <= EXACT_TOLERANCE_CENTS)
        pairs.push({ credit: i, billing: b, reason, days: Math.abs(daysBetween(b.due_date, c.date)), diff, due });
    }
  });
  pairs.sort(
    (a, b) =>
      a.days - b.days || Math.abs(a.diff) - Math.abs(b.diff) || a.credit - b.credit || a.billing.id - b.billing.id,
  );
  for (const p of pairs) {
    if (out[p.credit]!.kind !== "none" || taken.has(p.billing.id)) continue;
    out[p.credit] = {
      kind: "probable",
      billingId: p.billing.id,
      reason: p.reason,
      dueCents: p.due,
      differenceCents: p.diff,
    };
    taken.add(p.billing.id);
  }

  // 4. The credit names a tenant's whole CPF/CNPJ but fits none of the
  // tenant's billings by amount and date (paid late with its multa, two
  // months at once, short): the document says who paid, so the tenant's
  // oldest open billing due by the credit's window is proposed, else the
  // next one due; its difference shows what staff must judge. In file order.
  credits.forEach((c, i) => {
    if (out[i]!.kind !== "none" || c.amountCents <= 0) return;
    // The tenants named (the agency's own CNPJ in a TED's memo names nobody).
    const named = new Set(
      [documentKey(c.payerDoc), ...docsInText(c.memo).map(documentKey)].filter((d) => d !== null && byDoc.has(d)),
    );
    if (named.size !== 1) return; // none, or two tenants: no one
    const [doc] = named as Set<string>;
    const last = addDays(c.date, PROBABLE_WINDOW_DAYS);
    const open = (byDoc.get(doc) ?? []).filter((b) => !taken.has(b.id)); // by due date
    const billing = open.filter((b) => b.due_date <= last)[0] ?? open[0];
    if (!billing) return;
    out[i] = result("probable", "document", billing, c);
    taken.add(billing.id);
  });
  return out;
}
