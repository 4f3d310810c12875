import { owedOn } from "#app/models/ledger/owed";
import { PAYMENT_TOLERANCE_CENTS, subtractCents, type Cents } from "#app/models/shared/money";
import { addDays, daysBetween } from "#app/models/shared/days";
import { docMatches, docsInText, documentKey, nameWords, namesMatch, normalizeName } from "./payer";
import { freeFieldIndex, referenceVariants, txidBillings } from "./references";

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
  grace_until: string; // the last day without charges (decision 0066)
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
      grace_until: b.grace_until,
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
