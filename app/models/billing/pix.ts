// The static Pix BR Code of an open billing (docs/decisions/0032-pix-br-code.md):
// the EMV® QRCPS merchant-presented payload the Central Bank's "Manual do BR
// Code" and "Manual de Padrões para Iniciação do Pix" describe, as the "Pix
// Copia e Cola" text and the content of the QR Code. Pure and client-safe.
//
// Each field is ID (2 digits) + length (2 digits) + value; the last is the
// CRC16-CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of everything before
// it including "6304", in 4 upper-case hex digits.

export type PixReceiver = { key: string; name: string; city: string };

const NAME_MAX = 25; // ID 59, Merchant Name
const CITY_MAX = 15; // ID 60, Merchant City
const TXID_MAX = 25; // ID 62-05, Reference Label, in a static code

function field(id: string, value: string) {
  const length = value.length;
  if (length > 99) throw new Error(`BR Code field ${id} longer than 99`);
  return `${id}${String(length).padStart(2, "0")}${value}`;
}

export function crc16(text: string) {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

// Names and cities travel without accents, in the characters every payer's
// app reads (letters, digits, space and a few marks), cut to the field's size.
export function brCodeText(text: string, max: number) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,&'-]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

// The key as the DICT registers it: a phone "+55…", a CPF or CNPJ in digits,
// an email in lower case, a random key (EVP) in lower case.
export function normalizePixKey(key: string) {
  const k = key.trim();
  if (k.includes("@")) return k.toLowerCase();
  if (/^\+\d{12,13}$/.test(k)) return k;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(k)) return k.toLowerCase();
  const digits = k.replace(/\D/g, "");
  if (/^[\d.\-/ ]+$/.test(k) && (digits.length === 11 || digits.length === 14)) return digits;
  return k;
}

// Centavos as the amount field writes them: "1605.50", "0.01" (integer arithmetic).
export function brCodeAmount(cents: number) {
  if (!Number.isInteger(cents) || cents < 0) throw new Error("amount in centavos expected");
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

// The payload; an amount of 0 leaves the field out (the payer types it), and
// txid "***" means none.
export function pixPayload(receiver: PixReceiver, amountCents: number, txid: string): string {
  const account = field("00", "br.gov.bcb.pix") + field("01", normalizePixKey(receiver.key));
  const body =
    field("00", "01") +
    field("26", account) +
    field("52", "0000") +
    field("53", "986") +
    (amountCents > 0 ? field("54", brCodeAmount(amountCents)) : "") +
    field("58", "BR") +
    field("59", brCodeText(receiver.name, NAME_MAX)) +
    field("60", brCodeText(receiver.city, CITY_MAX)) +
    field("62", field("05", txid === "***" ? txid : txid.replace(/[^A-Za-z0-9]/g, "").slice(0, TXID_MAX))) +
    "6304";
  return body + crc16(body);
}

// The billing's own identifier in the agency's bank statement: "COB" and the
// id (letters and digits only, as a static code's txid must be).
export function billingTxid(billingId: number): string {
  return `COB${billingId}`;
}
