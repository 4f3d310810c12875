import { bankLineToBarcode, collectionLineToBarcode } from "#app/models/boletos/boleto-line";

// What a statement line says of the billing it pays: the Pix txid
// (COBRANCA<id>) and a boleto's nosso número in the free field of its
// digitable line. Part of the matching of credits (match.ts,
// docs/decisions/0036-matching-credits.md). Pure and client-safe.

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
export function referenceVariants(reference: string): string[] {
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
export function freeFieldIndex(billings: readonly { id: number; digitable_lines: string[] }[]) {
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
