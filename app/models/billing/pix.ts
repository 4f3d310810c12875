// The static Pix BR Code of an open billing: the "Pix Copia e Cola" text that
// the QR code carries (docs/decisions/0032-pix-br-code.md). Pure and
// client-safe; our own few lines of EMV TLV and CRC rather than a package
// (the decision record says why).
//
// The layout is EMV QRCPS merchant-presented mode as the Central Bank's BR Code
// manual and its "Manual de Padrões para Iniciação do Pix" fix it for a static
// code: each field is a two-digit ID, a two-digit length and the value, in
// this order:
//   00 "01"  26 { 00 "br.gov.bcb.pix", 01 key }  52 "0000"  53 "986"
//   54 amount (omitted: the payer types it)  58 "BR"  59 name ≤ 25
//   60 city ≤ 15  62 { 05 txid ≤ 25, "***" when none }  63 CRC16
// Field 01 (point of initiation) is left out, as in the manual's example: "12"
// promises a single payment, which nobody checks for a static code.

import { isValidCnpj, isValidCpf } from "#app/models/clients/documents";
import { reaisDecimal } from "#app/models/shared/money";

export type PixReceiver = { key: string; name: string; city: string };

export const PIX_GUI = "br.gov.bcb.pix";
const NAME_MAX = 25;
const CITY_MAX = 15;
const TXID_MAX = 25;
const AMOUNT_MAX = 13;
// Template 26 holds at most 99 characters: "0014br.gov.bcb.pix" (18) and "01NN" (4).
const KEY_MAX = 99 - 18 - 4;

function field(id: string, value: string) {
  if (value.length < 1 || value.length > 99) throw new RangeError(`EMV field ${id} must be 1 to 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

// CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection,
// no final XOR) over the UTF-8 bytes, as 4 upper-case hex digits. The payload
// is ASCII once cleaned, so its bytes are its characters.
export function crc16(text: string) {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

// Name and city: no accents ("Três Lagoas" → "Tres Lagoas"), printable ASCII
// only (EMV's "ans" set; some banks' apps refuse a code with "ã" or "é" in
// field 59), single spaces, cut to the field's maximum. Case is kept: the
// manual's own example is "Fulano de Tal".
export function pixText(text: string, max: number) {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

// The key as the DICT stores it, which is how the BR Code must carry it:
//   e-mail            lower-case ("Contato@Lagoa.com.br" → "contato@lagoa.com.br")
//   random key (EVP)  as written (a UUID, 8-4-4-4-12, hyphens kept)
//   phone             "+55" and the digits: "+55 (67) 99999-1234" or
//                     "(67) 99999-1234" → "+5567999991234"
//   CPF / CNPJ        digits (and a 2026 CNPJ's letters) only:
//                     "12.345.678/0001-95" → "12345678000195"
// Eleven bare digits are a CPF: a phone key must be written with "+55" or
// with its area code in parentheses. Anything else goes in as written, without
// spaces or non-ASCII characters (no DICT key has them), so that a mistyped
// key still makes a well-formed code; isPlausiblePixKey tells it apart.
export function normalizePixKey(key: string) {
  const k = key.trim();
  if (k.includes("@")) return asciiKey(k.toLowerCase());
  if (UUID.test(k)) return k;
  if (k.startsWith("+")) return `+${k.replace(/\D/g, "")}`;
  if (k.startsWith("(")) return `+55${k.replace(/\D/g, "")}`;
  const doc = k.replace(/[\s./-]/g, "").toUpperCase();
  if (/^\d{11}$/.test(doc) || /^[0-9A-Z]{12}\d{2}$/.test(doc)) return doc;
  return asciiKey(k);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function asciiKey(k: string) {
  return k.replace(/[^\x21-\x7e]/g, "").slice(0, KEY_MAX);
}

// Whether a configured key has the shape of one of the five DICT key types
// (after normalizePixKey). A settings check, not a lookup: only the DICT knows
// whether the key exists and is the agency's.
export function isPlausiblePixKey(key: string) {
  const k = normalizePixKey(key);
  if (k.includes("@")) return k.length <= 77 && /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(k);
  if (UUID.test(k)) return true;
  if (k.startsWith("+")) return /^\+55\d{10,11}$/.test(k);
  if (/^\d{11}$/.test(k)) return isValidCpf(k);
  if (/^[0-9A-Z]{12}\d{2}$/.test(k)) return isValidCnpj(k);
  return false;
}

// A static code's txid (field 62-05): letters and digits only, 1 to 25
// (Manual de Padrões para Iniciação do Pix, "txid no QR Code estático").
export const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;
const TXID_PREFIX = "COBRANCA";

// "COBRANCA42" for billing 42: the agency's bank shows it beside each Pix
// received through the code, which is what reconciliation (issue 20) matches.
export function billingTxid(billingId: number): string {
  if (!Number.isSafeInteger(billingId) || billingId < 1) throw new RangeError(`not a billing id: ${billingId}`);
  return `${TXID_PREFIX}${billingId}`;
}

// The billing a txid names, or null when it is not one of ours.
export function billingIdFromTxid(txid: string): number | null {
  const m = /^COBRANCA([1-9]\d{0,15})$/.exec(txid.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? id : null;
}

// The "Pix Copia e Cola" text. `amountCents` is what is due today; 0 leaves
// the amount out (the payer's app asks for it), as in the manual's example.
// The name and city may be typed with accents; the key as configured.
export function pixPayload(receiver: PixReceiver, amountCents: number, txid: string): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`not an amount: ${amountCents}`);
  const amount = amountCents > 0 ? reaisDecimal(amountCents) : "";
  if (amount.length > AMOUNT_MAX) throw new RangeError(`amount too large for a BR Code: ${amountCents}`);
  const key = normalizePixKey(receiver.key) || "-";
  const ref = txid.replace(/[^A-Za-z0-9]/g, "").slice(0, TXID_MAX) || "***";
  const body =
    field("00", "01") +
    field("26", field("00", PIX_GUI) + field("01", key)) +
    field("52", "0000") +
    field("53", "986") +
    (amount ? field("54", amount) : "") +
    field("58", "BR") +
    field("59", pixText(receiver.name, NAME_MAX) || "Recebedor") +
    field("60", pixText(receiver.city, CITY_MAX) || "Brasil") +
    field("62", field("05", ref)) +
    "6304";
  return body + crc16(body);
}
