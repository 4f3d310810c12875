import { describe, expect, test } from "vitest";
import { buildCnab240, committedStatement, type CnabItem } from "#tests/fixtures/statements/build";
import { parseStatement, type ParsedStatement } from "./statement";

// A Sicoob-shaped retorno written field by field at FEBRABAN's positions (not
// by build.ts): a liquidation (06) paid with interest, an "entrada confirmada"
// (02), a "liquidação após baixa" (17) followed by a segment Y; Latin-1, CRLF.
const FIXTURE = committedStatement("sicoob-retorno-cnab240.ret");

function parsed(bytes: Uint8Array): ParsedStatement {
  const result = parseStatement(bytes);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.statement;
}

function refusal(bytes: Uint8Array): string {
  const result = parseStatement(bytes);
  if (result.ok) throw new Error("read a file that should be refused");
  return result.message;
}

const records = (bytes: Buffer = FIXTURE) => bytes.toString("latin1").split("\r\n").slice(0, -1);
const file = (lines: string[], end = "\r\n") => Buffer.from(lines.map((l) => l + end).join(""), "latin1");
// Writes `value` over a record at the 1-based position `from`.
const put = (record: string, from: number, value: string) =>
  record.slice(0, from - 1) + value + record.slice(from - 1 + value.length);

describe("a CNAB 240 retorno de cobrança", () => {
  const statement = parsed(FIXTURE);

  test("names the bank and the company's account from the file header, and the period", () => {
    expect(statement).toMatchObject({
      kind: "cnab240",
      account: "756 4117-5/123456-7",
      start: "2026-11-03",
      end: "2026-11-17",
    });
  });

  test("reads each title from its segments T and U", () => {
    expect(statement.lines).toEqual([
      {
        key: "cnab240:756:4117-5/123456-7:12345670000000042:06:2026-11-11",
        date: "2026-11-12", // the credit date
        amountCents: 126250, // valor pago: R$ 1.250,00 + R$ 12,50 of interest
        credit: true,
        info: false,
        movement: "06",
        movementName: "Liquidação",
        memo: "JOÃO DA CONCEIÇÃO",
        payerName: "JOÃO DA CONCEIÇÃO",
        payerDoc: "52998224725",
        reference: "12345670000000042",
        documentNumber: "ALUGUEL-42",
        feesCents: 170,
        interestCents: 1250,
        line: 3,
      },
      {
        key: "cnab240:756:4117-5/123456-7:12345670000000043:02:2026-11-03",
        date: "2026-11-03", // no credit date: the occurrence date
        amountCents: 0,
        credit: false, // entrada confirmada moves no money: information, not a debit
        info: true,
        movement: "02",
        movementName: "Entrada confirmada",
        memo: "COMERCIAL TRÊS LAGOAS LTDA",
        payerName: "COMERCIAL TRÊS LAGOAS LTDA",
        payerDoc: "11222333000181",
        reference: "12345670000000043",
        documentNumber: "ALUGUEL-43",
        feesCents: 0,
        interestCents: 0,
        line: 5,
      },
      {
        key: "cnab240:756:4117-5/123456-7:12345670000000044:17:2026-11-16",
        date: "2026-11-17",
        amountCents: 98000,
        credit: true, // liquidação após baixa
        info: false,
        movement: "17",
        movementName: "Liquidação após baixa ou liquidação de título não registrado",
        memo: "MARIA SOUZA",
        payerName: "MARIA SOUZA",
        payerDoc: "11144477735",
        reference: "12345670000000044",
        documentNumber: null,
        feesCents: 170,
        interestCents: 0,
        line: 7,
      },
    ]);
  });

  test("LF line ends, a trailing blank line or an end-of-file mark read the same", () => {
    expect(parsed(file(records(), "\n"))).toEqual(statement);
    expect(parsed(Buffer.concat([FIXTURE, Buffer.from("\r\n\x1A")]))).toEqual(statement);
    expect(parsed(Buffer.concat([FIXTURE.subarray(0, -2), Buffer.from("\x1A")]))).toEqual(statement);
  });

  test("lines whose trailing blanks were stripped read the same, whatever ends them", () => {
    // As banks' portals and tools deliver them: every record cut after its last
    // non-blank character, the last one without a line end.
    const stripped = records().map((r) => r.trimEnd());
    expect(stripped.some((r) => r.length < 240)).toBe(true);
    for (const end of ["\r\n", "\n", "\r"]) {
      const text = stripped.join(end);
      expect(parsed(Buffer.from(text, "latin1")), JSON.stringify(end)).toEqual(statement);
      expect(parsed(Buffer.from(text + end, "latin1"))).toEqual(statement);
    }
  });

  test("a file in UTF-8 reads the same (240 characters, not bytes)", () => {
    expect(parsed(Buffer.from(FIXTURE.toString("latin1"), "utf8"))).toEqual(statement);
  });

  test("a title listed twice in a file is kept once", () => {
    const lines = records();
    const twice = [...lines.slice(0, 4), lines[2], lines[3], ...lines.slice(4)];
    expect(parsed(file(twice)).lines.map((l) => [l.key, l.amountCents, l.line])).toEqual([
      [statement.lines[0].key, 126250, 3],
      [statement.lines[1].key, 0, 7],
      [statement.lines[2].key, 98000, 9],
    ]);
  });
});

describe("what makes a line a credit, and the payer's document", () => {
  const item: CnabItem = {
    nossoNumero: "000123",
    seuNumero: "7",
    movement: "06",
    dueDate: "2026-11-10",
    faceCents: 100000,
    paidCents: 100000,
    payerName: "ANA",
    payerDoc: "00000000191",
    occurrenceDate: "2026-11-10",
    creditDate: "2026-11-11",
  };
  const lineOf = (changes: Partial<CnabItem>) =>
    parsed(buildCnab240({ bank: "001", agency: "1234-5", account: "9876-0", items: [{ ...item, ...changes }] }))
      .lines[0];

  test("06 and 17 with money paid are credits; other movements, or nothing paid, are not", () => {
    expect(lineOf({}).credit).toBe(true);
    expect(lineOf({ movement: "17" }).credit).toBe(true);
    expect(lineOf({ movement: "09" }).credit).toBe(false); // baixa
    expect(lineOf({ movement: "28", paidCents: 250 }).credit).toBe(false); // débito de tarifas
    expect(lineOf({ paidCents: 0 }).credit).toBe(false);
  });

  test("02 entrada confirmada is information, neither a credit nor a debit; 28 debits its tarifa", () => {
    expect(lineOf({ movement: "02", paidCents: 0 })).toMatchObject({
      credit: false,
      info: true,
      movement: "02",
      movementName: "Entrada confirmada",
    });
    expect(lineOf({ movement: "09", paidCents: 0 })).toMatchObject({ info: true, movementName: "Baixa" });
    expect(lineOf({ movement: "28", paidCents: 0, feesCents: 350 })).toMatchObject({
      credit: false,
      info: false,
      amountCents: -350,
      movementName: "Débito de tarifas/custas",
    });
    // A liquidation with nothing paid moves no money either.
    expect(lineOf({ paidCents: 0 })).toMatchObject({ credit: false, info: true });
  });

  test("a CPF keeps its 11 digits (leading zeros too), a CNPJ its 14", () => {
    expect(lineOf({}).payerDoc).toBe("00000000191");
    expect(lineOf({ payerDoc: "04252011000110" }).payerDoc).toBe("04252011000110");
  });

  test("the builder's file reads back", () => {
    expect(lineOf({ feesCents: 195 })).toEqual({
      key: "cnab240:001:1234-5/9876-0:000123:06:2026-11-10",
      date: "2026-11-11",
      amountCents: 100000,
      credit: true,
      info: false,
      movement: "06",
      movementName: "Liquidação",
      memo: "ANA",
      payerName: "ANA",
      payerDoc: "00000000191",
      reference: "000123",
      documentNumber: "7",
      feesCents: 195,
      interestCents: 0,
      line: 3,
    });
  });

  test("zero-filled payer fields give no payer", () => {
    const lines = records();
    lines[2] = put(put(lines[2], 133, "0".repeat(16)), 149, "0".repeat(40));
    expect(parsed(file(lines)).lines[0]).toMatchObject({ payerName: null, payerDoc: null, memo: "" });
  });
});

describe("Santander's shifted segment T", () => {
  // Positions of layout H7815, checked against a real Santander retorno.
  const header = put(put(put("".padEnd(240), 1, "03300000"), 33, "316380130028625"), 143, "2");
  const t = [
    [1, "0330001300001T 06"],
    [18, "31638013002862"],
    [41, "0000000001406"],
    [55, "0000001406"],
    [70, "01042026"],
    [78, "000000000001000"],
    [128, "1"],
    [129, "000052998224725"],
    [144, "FULANO SANTOS"],
    [194, "000000000000392"],
  ].reduce((r, [from, value]) => put(r, from as number, value as string), "".padEnd(240));
  const u = [
    [1, "0330001300002U 06"],
    [78, "000000000001000"],
    [138, "0104202604042026"],
  ].reduce((r, [from, value]) => put(r, from as number, value as string), "".padEnd(240));
  const trailer = put("".padEnd(240), 1, "03399999");

  test("reads the title's fields at Santander's positions", () => {
    const statement = parsed(file([header, t, u, trailer]));
    expect(statement.account).toBe("033 316380130028625");
    expect(statement.lines[0]).toEqual({
      key: "cnab240:033:316380130028625:0000000001406:06:2026-04-01",
      date: "2026-04-04",
      amountCents: 1000,
      credit: true,
      info: false,
      movement: "06",
      movementName: "Liquidação",
      memo: "FULANO SANTOS",
      payerName: "FULANO SANTOS",
      payerDoc: "52998224725",
      reference: "0000000001406",
      documentNumber: "0000001406",
      feesCents: 392,
      interestCents: 0,
      line: 2,
    });
  });
});

describe("refused CNAB 240 files, each with a message", () => {
  test("a line longer than 240 characters, blanks or not", () => {
    const lines = records();
    lines[3] = lines[3] + "X";
    expect(refusal(file(lines))).toBe(
      "A linha 4 do arquivo CNAB 240 tem 241 caracteres; cada linha deve ter 240. " +
        "O arquivo pode ter sido alterado ou não ser um retorno CNAB 240. " +
        "Baixe o arquivo de retorno de novo no internet banking.",
    );
    lines[3] = records()[3] + "  ";
    expect(refusal(file(lines))).toMatch(/^A linha 4 do arquivo CNAB 240 tem 242 caracteres/);
  });

  test("a file cut before its trailer", () => {
    expect(refusal(file(records().slice(0, -1)))).toMatch(/^O arquivo CNAB 240 está incompleto: falta o trailer/);
    expect(refusal(file(records().slice(0, 5)))).toMatch(/^O arquivo CNAB 240 está incompleto/);
  });

  test("a segment T without its U, a U without its T", () => {
    const lines = records();
    expect(refusal(file([...lines.slice(0, 3), ...lines.slice(4)]))).toMatch(
      /^Linha 3 do arquivo CNAB 240: o segmento T não é seguido do segmento U/,
    );
    expect(refusal(file([...lines.slice(0, 2), ...lines.slice(3)]))).toMatch(
      /^Linha 3 do arquivo CNAB 240: o segmento U não vem depois de um segmento T/,
    );
  });

  test("an unreadable amount or date names its line", () => {
    const lines = records();
    lines[3] = put(lines[3], 78, "0000000001262X0");
    expect(refusal(file(lines))).toBe(
      'Linha 4 do arquivo CNAB 240: valor pago ilegível ("0000000001262X0"). ' +
        "Baixe o arquivo de retorno de novo no internet banking.",
    );
    const dates = records();
    dates[5] = put(dates[5], 146, "31022026");
    expect(refusal(file(dates))).toMatch(/^Linha 6 do arquivo CNAB 240: data do crédito ilegível \("31022026"\)/);
  });

  test("a remessa is not a retorno", () => {
    const lines = records();
    lines[0] = put(lines[0], 143, "1");
    expect(refusal(file(lines))).toMatch(/^O arquivo CNAB 240 é uma remessa/);
  });

  test("a file of headers and trailers only has no lines", () => {
    const lines = records();
    expect(refusal(file([lines[0], lines[1], ...lines.slice(-2)]))).toMatch(/^O arquivo não tem nenhum lançamento\./);
  });
});
