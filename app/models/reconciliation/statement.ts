// Reads an uploaded bank file into statement lines (docs/decisions/0035-statement-files.md):
// an OFX statement (SGML 1.x or XML 2.x) or a CNAB 240 "retorno de cobrança".
// The format is told by the bytes, never by the file's name. Pure and
// client-safe: bytes in, lines or one message for the staff out. A file is read
// whole or refused whole; nothing is half-read.

import { parseCnab240 } from "./cnab240";
import { parseOfx } from "./ofx";
import type { Cents } from "#app/models/shared/money";

export type StatementKind = "ofx" | "cnab240";

export type StatementLine = {
  // The identity of this bank line across files, so that it is settled once:
  // "ofx:<BANKID>:<ACCTID>:<FITID>" or
  // "cnab240:<bank>:<company account>:<nosso número>:<movement>:<data da ocorrência>".
  key: string;
  date: string; // "YYYY-MM-DD": OFX DTPOSTED; CNAB data do crédito, else data da ocorrência
  amountCents: Cents; // signed centavos: OFX TRNAMT; CNAB valor pago
  credit: boolean; // OFX: amount > 0; CNAB: a liquidation (06, 17) with valor pago > 0
  memo: string; // OFX NAME and MEMO; CNAB the payer's name
  payerName: string | null; // CNAB only
  payerDoc: string | null; // CNAB only: CPF (11 digits) or CNPJ (14)
  reference: string | null; // CNAB nosso número
  documentNumber: string | null; // CNAB seu número; OFX CHECKNUM or REFNUM
  feesCents: Cents; // CNAB tarifa; OFX 0
  line: number; // OFX: ordinal of the STMTTRN; CNAB: the file line of segment T
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
    "O arquivo não é um extrato OFX nem um arquivo de retorno CNAB 240. " +
    "Baixe no internet banking o extrato em formato OFX ou o retorno de cobrança CNAB 240.",
  cnab400:
    "O arquivo é um retorno CNAB 400; só o retorno CNAB 240 é lido aqui. " +
    "Baixe no internet banking o retorno no padrão CNAB 240 ou o extrato em formato OFX.",
  noLines: "O arquivo não tem nenhum lançamento. Confira no internet banking o período do extrato.",
} as const;

// The first bytes as Latin-1: enough to tell the formats apart whatever the charset.
function head(bytes: Uint8Array) {
  let text = "";
  const end = Math.min(bytes.length, 4096);
  for (let i = 0; i < end; i++) text += String.fromCharCode(bytes[i]);
  return text.replace(/^(\xEF\xBB\xBF)?\s*/, "");
}

export function detectStatementKind(bytes: Uint8Array): StatementKind | "cnab400" | null {
  const text = head(bytes);
  // CNAB 240 file header: bank code, batch "0000", record type "0" (positions 1-8).
  if (/^\d{3}00000/.test(text)) return "cnab240";
  // CNAB 400: record "0", operation "2" (retorno) or "1" (remessa), then the literal.
  if (/^0[12](RETORNO|REMESSA)/.test(text)) return "cnab400";
  if (/OFXHEADER\s*:|<OFX>|<\?OFX\b/i.test(text)) return "ofx";
  return null;
}

export function parseStatement(bytes: Uint8Array): ParseResult {
  if (bytes.length > MAX_STATEMENT_BYTES) return { ok: false, message: STATEMENT_MESSAGES.tooBig };
  if (bytes.length === 0) return { ok: false, message: STATEMENT_MESSAGES.empty };
  const kind = detectStatementKind(bytes);
  if (kind === "cnab400") return { ok: false, message: STATEMENT_MESSAGES.cnab400 };
  if (kind === null) return { ok: false, message: STATEMENT_MESSAGES.unknown };
  const result = kind === "ofx" ? parseOfx(bytes) : parseCnab240(bytes);
  if (result.ok && result.statement.lines.length === 0) return { ok: false, message: STATEMENT_MESSAGES.noLines };
  return result;
}
