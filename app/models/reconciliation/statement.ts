// Reads an uploaded bank file into statement lines (docs/decisions/0035-statement-files.md):
// an OFX statement (SGML 1.x or XML 2.x), a CNAB 240 "retorno de cobrança"
// or a CNAB 400 one (Banco do Brasil, Itaú, Bradesco, Sicoob, Sicredi).
// The format is told by the bytes, never by the file's name. Pure and
// client-safe: bytes in, lines or one message for the staff out. A file is
// read whole or refused whole; nothing is half-read.

import { parseCnab240 } from "./cnab240";
import { parseCnab400 } from "./cnab400";
import { parseOfx } from "./ofx";
import type { Cents } from "#app/models/shared/money";

export type StatementKind = "ofx" | "cnab240" | "cnab400";

export type StatementLine = {
  // The identity of this bank line across files, so that it is settled once:
  // "ofx:<BANKID>:<ACCTID>:<FITID>" or
  // "cnab240:<bank>:<company account>:<nosso número>:<movement>:<data da ocorrência>"
  // (CNAB 400: "cnab400:" and its ocorrência).
  key: string;
  date: string; // "YYYY-MM-DD": OFX DTPOSTED; CNAB data do crédito, else data da ocorrência
  amountCents: Cents; // signed centavos: OFX TRNAMT; CNAB valor pago, or minus a charge's tarifa and custas
  credit: boolean; // OFX: amount > 0; CNAB: a liquidation with money paid
  // CNAB: a movement that moves no money (entrada confirmada, baixa...): shown,
  // neither a credit nor a debit. OFX: never.
  info: boolean;
  movement: string | null; // CNAB movement / ocorrência code ("06")
  movementName: string | null; // as the layout names it ("Liquidação")
  memo: string; // OFX NAME and MEMO; CNAB the payer's name
  payerName: string | null; // CNAB only
  payerDoc: string | null; // CNAB only: CPF (11 digits) or CNPJ (14)
  reference: string | null; // CNAB nosso número
  documentNumber: string | null; // CNAB seu número; OFX CHECKNUM or REFNUM
  feesCents: Cents; // CNAB tarifa; OFX 0
  interestCents: Cents; // CNAB juros and multa within the amount paid; OFX 0
  line: number; // OFX: ordinal of the STMTTRN; CNAB: the file line of segment T, or of the record
};

export type ParsedStatement = {
  kind: StatementKind;
  account: string | null; // "BANKID/ACCTID" (OFX) or "<bank> <agência>/<conta>" (CNAB)
  start: string | null; // "YYYY-MM-DD"
  end: string | null;
  lines: StatementLine[];
};

export type ParseResult = { ok: true; statement: ParsedStatement } | { ok: false; message: string };

export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

export const STATEMENT_MESSAGES = {
  tooBig: "O arquivo tem mais de 5 MB. Baixe no internet banking um período menor.",
  empty: "O arquivo está vazio. Baixe o extrato de novo no internet banking.",
  unknown:
    "O arquivo não é um extrato OFX nem um arquivo de retorno CNAB 240 ou CNAB 400. " +
    "Baixe no internet banking o extrato em formato OFX ou o retorno de cobrança.",
  noLines: "O arquivo não tem nenhum lançamento. Confira no internet banking o período do extrato.",
} as const;

// The first bytes as Latin-1: enough to tell the formats apart whatever the charset.
function head(bytes: Uint8Array) {
  let text = "";
  const end = Math.min(bytes.length, 4096);
  for (let i = 0; i < end; i++) text += String.fromCharCode(bytes[i]);
  return text.replace(/^(\xEF\xBB\xBF)?\s*/, "");
}

// By the file's first record, whatever its name: a CNAB 240 file header is
// bank code, batch "0000" and record type "0" (positions 1-8); a CNAB 400
// header is record "0", operation "2" (retorno) or "1" (remessa) and the
// literal, or, where a bank or a tool wrote the literal otherwise, a first
// line of 241 to 400 characters that starts with record type "0" (a CNAB 240
// record is never longer than 240). The readers then check every record.
export function detectStatementKind(bytes: Uint8Array): StatementKind | null {
  const text = head(bytes);
  if (/^\d{3}00000/.test(text)) return "cnab240";
  if (/^0[12](RETORNO|REMESSA)/.test(text)) return "cnab400";
  const first = /^[^\r\n]*/.exec(text)![0];
  if (/^0[12]/.test(first) && first.length > 240 && first.length <= 400) return "cnab400";
  if (/OFXHEADER\s*:|<OFX>|<\?OFX\b/i.test(text)) return "ofx";
  return null;
}

const READERS = { ofx: parseOfx, cnab240: parseCnab240, cnab400: parseCnab400 } as const;

export function parseStatement(bytes: Uint8Array): ParseResult {
  if (bytes.length > MAX_STATEMENT_BYTES) return { ok: false, message: STATEMENT_MESSAGES.tooBig };
  if (bytes.length === 0) return { ok: false, message: STATEMENT_MESSAGES.empty };
  const kind = detectStatementKind(bytes);
  if (kind === null) return { ok: false, message: STATEMENT_MESSAGES.unknown };
  const result = READERS[kind](bytes);
  if (result.ok && result.statement.lines.length === 0) return { ok: false, message: STATEMENT_MESSAGES.noLines };
  return result;
}
