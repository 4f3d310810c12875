// Who paid, read off a statement line: payers' names against tenants' (as
// banks cut and write them), CPF/CNPJ in a memo, whole or masked. Part of
// the matching of credits (match.ts, docs/decisions/0036-matching-credits.md);
// the review's lookups and the returns use them too. Pure and client-safe.

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
export const nameWords = (name: string) =>
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
export function namesMatch(tenant: { words: string[]; full: string }, payerWords: Set<string>, payerText: string) {
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
export function docMatches(candidate: string, tenantDigits: string) {
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
export function payerNameProbes(credit: { payerName: string | null; memo: string }) {
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
