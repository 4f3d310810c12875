// CNAB 400 "retorno de cobrança": fixed-width records of 400 characters, the
// older layout Banco do Brasil, Itaú, Bradesco and the cooperatives still
// deliver. FEBRABAN's common structure: a header (record "0", operation "2"
// retorno, "RETORNO", the bank's code at 77-79), one detail record per title
// and movement, a trailer ("9"), each record numbered at 395-400. The
// ocorrência code (109-110) and its date (111-116, DDMMAA) sit at the same
// place in every bank's layout; the rest of a detail is each bank's own.
// Positions are 1-based and inclusive, as in the layouts; their sources are
// in docs/decisions/0035-statement-files.md. Pure and client-safe.

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
import { movementName, movementRole, type MovementLayout } from "./cnab-movements";
import { addCents, cents, type Cents } from "#app/models/shared/money";

type Layout = {
  name: string;
  movements: MovementLayout;
  detail: string; // the record type of a title's movement
  account: (header: string) => string;
  nossoNumero: Span;
  documentNumber: Span;
  creditDate: { span: Span; order: "DDMMAA" | "AAAAMMDD" };
  fees: Span; // tarifa / despesas de cobrança
  otherCharges: Span | null; // outras despesas, custas
  paid: Span;
  // Itaú's 254-266 is "valor principal", what was credited to the account,
  // the tarifa already taken out: the payer paid that plus the tarifa.
  paidIsNetOfFees?: boolean;
  interest: Span[]; // juros de mora (and Sicredi's multa), within the amount paid
  payerName?: Span;
};

// Banco do Brasil's header and its CBR643 detail put agência and conta at
// the same places; Sicoob's CNAB 400 follows BB's structure.
const bbAccount = (header: string) =>
  agencyAccount(field(header, [27, 30]), field(header, [31, 31]), field(header, [32, 39]), field(header, [40, 40]));

const LAYOUTS: Record<string, Layout> = {
  // CBR643, the retorno of convênios of 7 positions (detail "7").
  "001": {
    name: "Banco do Brasil",
    movements: "400-001",
    detail: "7",
    account: bbAccount,
    nossoNumero: [64, 80],
    documentNumber: [117, 126],
    creditDate: { span: [176, 181], order: "DDMMAA" },
    fees: [182, 188],
    otherCharges: [189, 201],
    paid: [254, 266],
    interest: [[267, 279]],
  },
  "341": {
    name: "Itaú",
    movements: "400-341",
    detail: "1",
    account: (h) =>
      `${stripZeros(field(h, [27, 30]))}/${stripZeros(field(h, [33, 37]))}${field(h, [38, 38]).trim() ? `-${field(h, [38, 38])}` : ""}`,
    nossoNumero: [63, 70],
    documentNumber: [117, 126],
    creditDate: { span: [296, 301], order: "DDMMAA" },
    fees: [176, 188],
    otherCharges: null,
    paid: [254, 266],
    paidIsNetOfFees: true,
    interest: [[267, 279]],
    payerName: [325, 354],
  },
  "237": {
    name: "Bradesco",
    movements: "400-237",
    detail: "1",
    account: (h) => stripZeros(field(h, [27, 46]).trim()), // código da empresa
    nossoNumero: [71, 82],
    documentNumber: [117, 126],
    creditDate: { span: [296, 301], order: "DDMMAA" },
    fees: [176, 188],
    otherCharges: [189, 201],
    paid: [254, 266],
    interest: [[267, 279]],
  },
  "756": {
    name: "Sicoob",
    movements: "400-756",
    detail: "1",
    account: bbAccount,
    nossoNumero: [63, 74],
    documentNumber: [117, 126],
    creditDate: { span: [176, 181], order: "DDMMAA" },
    fees: [182, 188],
    otherCharges: [189, 201],
    paid: [254, 266],
    interest: [[267, 279]],
  },
  "748": {
    name: "Sicredi",
    movements: "400-748",
    detail: "1",
    account: (h) => stripZeros(field(h, [27, 31]).trim()), // código do beneficiário
    nossoNumero: [48, 62],
    documentNumber: [117, 126],
    creditDate: { span: [329, 336], order: "AAAAMMDD" }, // data prevista para o lançamento
    fees: [176, 188],
    otherCharges: [189, 201],
    paid: [254, 266],
    interest: [
      [267, 279],
      [280, 292],
    ],
  },
};

const SUPPORTED = ["001", "341", "237", "756", "748"].map((code) => `${LAYOUTS[code]!.name} (${code})`).join(", ");

const RECORD_LENGTH = 400;
const fail = failer("CNAB 400");

function read(text: string): ParseResult {
  const records = splitRecords(text, RECORD_LENGTH, "CNAB 400");
  const header = records[0];
  if (header[0] !== "0" || header[1] === "1" || field(header, [3, 9]) === "REMESSA") {
    throw new CnabError(
      header[1] === "1" || field(header, [3, 9]) === "REMESSA"
        ? "O arquivo CNAB 400 é uma remessa (enviada ao banco), não um retorno. " +
            "Baixe no internet banking o arquivo de retorno de cobrança."
        : `O arquivo CNAB 400 não começa pelo header (registro 0). ${REDOWNLOAD}`,
    );
  }
  if (header[1] !== "2") fail(1, `o header não é de um retorno (operação "${header[1]}", deveria ser "2")`);
  const bank = field(header, [77, 79]);
  const layout = LAYOUTS[bank];
  if (!layout) {
    throw new CnabError(
      `O retorno CNAB 400 é do banco ${bank.trim() || "sem código"}, cujo leiaute não é lido aqui (lemos ${SUPPORTED}). ` +
        "Baixe no internet banking o retorno no padrão CNAB 240 ou o extrato em formato OFX.",
    );
  }
  const account = layout.account(header);

  const lines: StatementLine[] = [];
  for (let index = 1; index < records.length; index++) {
    const record = records[index];
    const line = index + 1;
    const type = record[0];
    if (type === "9") {
      if (index !== records.length - 1) fail(line, "há registros depois do trailer do arquivo (registro 9)");
    } else if (type === layout.detail) {
      lines.push(title(record, line, layout, bank, account));
    } else if (type === "0") {
      fail(line, "um segundo header (registro 0): o arquivo junta mais de um retorno");
    } else if (bank === "001" && type === "1") {
      // CBR641, the detail of convênios of 6 positions, has its own positions.
      fail(line, "registro 1 (convênio de 6 posições), que não é lido aqui; peça ao banco o retorno CNAB 240");
    }
    // Other records (Itaú's and Sicredi's Pix QR codes, Bradesco's rateio,
    // messages) carry no money and are left out.
  }
  if (records[records.length - 1][0] !== "9") {
    throw new CnabError(`O arquivo CNAB 400 está incompleto: falta o trailer do arquivo (registro 9). ${REDOWNLOAD}`);
  }

  const kept = firstPerKey(lines);
  return {
    ok: true,
    statement: { kind: "cnab400", account: `${bank} ${account}`, ...dateRange(kept), lines: kept },
  };
}

function title(record: string, line: number, layout: Layout, bank: string, account: string): StatementLine {
  const amount = (span: Span, what: string) => amountAt(record, span, line, what, fail);
  const movement = field(record, [109, 110]);
  const nossoNumero = field(record, layout.nossoNumero).trim();
  const occurrence = dayAt(record, [111, 116], line, "data da ocorrência", fail, "DDMMAA");
  const credited = dayAt(record, layout.creditDate.span, line, "data do crédito", fail, layout.creditDate.order);
  const date = credited ?? occurrence ?? fail(line, "sem data da ocorrência nem do crédito");
  const fees = amount(layout.fees, "valor da tarifa");
  const written = amount(layout.paid, "valor pago");
  const role = movementRole(layout.movements, movement);
  const paid = layout.paidIsNetOfFees && role === "liquidation" && written > 0 ? addCents(written, fees) : written;
  const charged: Cents =
    role === "charge"
      ? addCents(fees, layout.otherCharges ? amount(layout.otherCharges, "outras despesas") : 0)
      : cents(0);
  const credit = role === "liquidation" && paid > 0;
  const name = layout.payerName ? collapse(field(record, layout.payerName)) : "";
  const payerName = /[^0 ]/.test(name) ? name : null;
  return {
    key: `cnab400:${bank}:${account}:${nossoNumero}:${movement}:${occurrence ?? ""}`,
    date,
    amountCents: credit ? paid : charged > 0 ? cents(-charged) : paid,
    credit,
    info: !credit && charged <= 0,
    movement,
    movementName: movementName(layout.movements, movement),
    memo: payerName ?? "",
    payerName,
    payerDoc: null, // none of these layouts gives the payer's CPF/CNPJ in the retorno
    reference: nossoNumero || null,
    documentNumber: field(record, layout.documentNumber).trim() || null,
    feesCents: fees,
    interestCents: addCents(...layout.interest.map((span) => amount(span, "juros/multa"))),
    line,
  };
}

export function parseCnab400(bytes: Uint8Array): ParseResult {
  try {
    return read(decodeText(bytes));
  } catch (error) {
    if (error instanceof CnabError) return { ok: false, message: error.message };
    throw error;
  }
}
