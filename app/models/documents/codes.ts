// The verification code of an issued document (decision 0079), in a module
// the pages can import: how it is made, printed and read back when typed.

// Crockford's base 32 (no I, L, O, U: nothing to misread); 12 symbols are
// 60 random bits, so a code is found by having the document, never by trying.
export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 12;

// "7K3M9Q2XHC4R" -> "7K3M-9Q2X-HC4R", as printed.
export const formatDocumentCode = (code: string) => code.match(/.{1,4}/g)!.join("-");

// What a person typed (spaces, dashes, lower case, O for 0, I or L for 1)
// as the stored code, or null when it cannot be one.
export function normalizeDocumentCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}
