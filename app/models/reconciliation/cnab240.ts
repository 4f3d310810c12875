// CNAB 240 "retorno de cobrança" (FEBRABAN layout): fixed-width records of 240
// characters. Each title is a segment T (who, which title, the fees) followed
// by a segment U (what was paid, when). Positions are 1-based and inclusive, as
// in the layout; sources in docs/decisions/0035-statement-files.md. Pure and
// client-safe.

import type { ParseResult, StatementLine } from "./statement";
import { collapse, dateRange, decodeText, firstPerKey } from "./statement-common";
import {
  CnabError,
  REDOWNLOAD,
  agencyAccount,
  amountAt,
  dayAt,
  failer,
  field,
  splitRecords,
  stripZeros,
  type Span,
} from "./cnab-common";
import { movementName, movementRole } from "./cnab-movements";
import { addCents, cents } from "#app/models/shared/money";

type SegmentT = {
  nossoNumero: Span;
  seuNumero: Span;
  payerType: Span;
  payerDoc: Span;
  payerName: Span;
  fees: Span;
};

// FEBRABAN's segment T, which Banco do Brasil, Caixa, Bradesco, Itaú, Sicoob,
// Sicredi and Ailos follow.
const FEBRABAN_T: SegmentT = {
  nossoNumero: [38, 57],
  seuNumero: [59, 73],
  payerType: [133, 133],
  payerDoc: [134, 148],
  payerName: [149, 188],
  fees: [199, 213],
};

// Santander's own segment T (layout H7815) is shifted: its account fields are
// shorter. Its segment U is FEBRABAN's.
const SANTANDER_T: SegmentT = {
  nossoNumero: [41, 53],
  seuNumero: [55, 69],
  payerType: [128, 128],
  payerDoc: [129, 143],
  payerName: [144, 183],
  fees: [194, 208],
};

const U = {
  interest: [18, 32],
  paid: [78, 92],
  otherCharges: [108, 122],
  occurrence: [138, 145],
  credit: [146, 153],
} as const;

// 06 Liquidação; 17 Liquidação após baixa ou de título não registrado
// (cnab-movements.ts). 28 Débito de tarifas/custas is a debit; every other
// movement (02 entrada confirmada, 09 baixa...) is information.
export const LIQUIDATION_MOVEMENTS = ["06", "17"];

const RECORD_LENGTH = 240;
const fail = failer("CNAB 240");
const amount = (record: string, span: Span, line: number, what: string) => amountAt(record, span, line, what, fail);
const day = (record: string, span: Span, line: number, what: string) => dayAt(record, span, line, what, fail);

// The 15-digit registration number, cut to a CPF's 11 or a CNPJ's 14 digits.
function payerDoc(type: string, digits: string): string | null {
  const length = type === "1" ? 11 : type === "2" ? 14 : 0;
  if (!length || !/^\d+$/.test(digits) || /^0*$/.test(digits)) return null;
  const doc = digits.slice(-length);
  return /^0*$/.test(digits.slice(0, -length)) ? doc : null;
}

// Whose account the file is about, from the file header: agência/conta in
// FEBRABAN's header; Santander's header names the beneficiary by its "código
// de transmissão" instead.
function companyAccount(header: string, bank: string): string {
  if (bank === "033") return stripZeros(field(header, [33, 47]).trim());
  const agency = field(header, [53, 57]);
  const account = field(header, [59, 70]);
  if (/[1-9]/.test(agency + account)) {
    return agencyAccount(agency, field(header, [58, 58]), account, field(header, [71, 71]));
  }
  return stripZeros(field(header, [33, 52]).trim()); // the convênio, for a header without the account
}

function read(text: string): ParseResult {
  const records = splitRecords(text, RECORD_LENGTH, "CNAB 240");
  const header = records[0];
  if (header[142] === "1") {
    throw new CnabError(
      "O arquivo CNAB 240 é uma remessa (enviada ao banco), não um retorno. " +
        "Baixe no internet banking o arquivo de retorno de cobrança.",
    );
  }
  const bank = field(header, [1, 3]);
  const layout = bank === "033" ? SANTANDER_T : FEBRABAN_T;
  const account = companyAccount(header, bank);

  const lines: StatementLine[] = [];
  let pendingT: { record: string; line: number } | null = null;
  for (let index = 1; index < records.length; index++) {
    const record = records[index];
    const line = index + 1;
    const type = record[7];
    const segment = record[13];
    if (pendingT && !(type === "3" && segment === "U")) {
      fail(pendingT.line, "o segmento T não é seguido do segmento U do mesmo título");
    }
    if (type === "9") {
      if (index !== records.length - 1) fail(line, "há registros depois do trailer do arquivo (registro 9)");
    } else if (type === "3" && segment === "T") {
      pendingT = { record, line };
    } else if (type === "3" && segment === "U") {
      if (!pendingT) fail(line, "o segmento U não vem depois de um segmento T");
      lines.push(title(pendingT!.record, pendingT!.line, record, line, layout, bank, account));
      pendingT = null;
    } else if (type !== "1" && type !== "3" && type !== "5") {
      fail(line, `tipo de registro "${type}" inesperado (depois do header vêm os registros 1, 3, 5 e 9)`);
    }
  }
  if (records[records.length - 1][7] !== "9") {
    throw new CnabError(`O arquivo CNAB 240 está incompleto: falta o trailer do arquivo (registro 9). ${REDOWNLOAD}`);
  }

  const kept = firstPerKey(lines);
  return {
    ok: true,
    statement: { kind: "cnab240", account: `${bank} ${account}`, ...dateRange(kept), lines: kept },
  };
}

function title(t: string, tLine: number, u: string, uLine: number, layout: SegmentT, bank: string, account: string) {
  const movement = field(t, [16, 17]);
  const nossoNumero = field(t, layout.nossoNumero).trim();
  const occurrence = day(u, U.occurrence, uLine, "data da ocorrência");
  const credited = day(u, U.credit, uLine, "data do crédito");
  const date = credited ?? occurrence ?? fail(uLine, "sem data da ocorrência nem do crédito");
  const paid = amount(u, U.paid, uLine, "valor pago");
  const fees = amount(t, layout.fees, tLine, "valor da tarifa");
  const role = movementRole("240", movement);
  // A charge (28) debits the tarifa of segment T and the other charges of U.
  const charged = role === "charge" ? addCents(fees, amount(u, U.otherCharges, uLine, "outras despesas")) : 0;
  // Some banks zero-fill the payer's fields (Banco do Brasil's retorno, when it has no payer).
  const name = collapse(field(t, layout.payerName));
  const payerName = /[^0 ]/.test(name) ? name : null;
  const credit = role === "liquidation" && paid > 0;
  return {
    key: `cnab240:${bank}:${account}:${nossoNumero}:${movement}:${occurrence ?? ""}`,
    date,
    amountCents: credit ? paid : charged > 0 ? cents(-charged) : paid,
    credit,
    info: !credit && charged <= 0,
    movement,
    movementName: movementName("240", movement),
    memo: payerName ?? "",
    payerName,
    payerDoc: payerDoc(field(t, layout.payerType), field(t, layout.payerDoc)),
    reference: nossoNumero || null,
    documentNumber: field(t, layout.seuNumero).trim() || null,
    feesCents: fees,
    interestCents: amount(u, U.interest, uLine, "juros/multa"),
    line: tLine,
  } satisfies StatementLine;
}

export function parseCnab240(bytes: Uint8Array): ParseResult {
  try {
    return read(decodeText(bytes));
  } catch (error) {
    if (error instanceof CnabError) return { ok: false, message: error.message };
    throw error;
  }
}
