import { describe, expect, test } from "vitest";
import { buildOfx, committedStatement } from "#tests/fixtures/statements/build";
import { ofxAmountCents, ofxDay } from "./ofx";
import { MAX_STATEMENT_BYTES, parseStatement, type ParsedStatement, STATEMENT_MESSAGES } from "./statement";

// Real-shaped files (docs/decisions/0035-statement-files.md): Banco do Brasil's
// SGML OFX 1.02 in windows-1252 with CRLF, unclosed elements, comma decimals and
// a bare "&"; an XML OFX 2.2 in UTF-8 as Nubank and Inter give.
const SGML = committedStatement("bb-sgml-latin1.ofx");
const XML = committedStatement("nubank-xml-utf8.ofx");

function parsed(bytes: Uint8Array): ParsedStatement {
  const result = parseStatement(bytes);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.statement;
}

function refusal(bytes: Uint8Array | string): string {
  const result = parseStatement(typeof bytes === "string" ? Buffer.from(bytes, "latin1") : bytes);
  if (result.ok) throw new Error("read a file that should be refused");
  return result.message;
}

const SGML_HEADER = "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nCHARSET:1252\r\n\r\n";
// A minimal SGML statement around the given STMTTRN elements.
const sgmlWith = (transactions: string, header = SGML_HEADER) =>
  header +
  "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><BANKID>237<ACCTID>555-1</BANKACCTFROM>" +
  `<BANKTRANLIST><DTSTART>20261101<DTEND>20261130${transactions}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
const trn = (fitid: string, amount: string, more = "<MEMO>PIX RECEBIDO") =>
  `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261105<TRNAMT>${amount}<FITID>${fitid}${more}</STMTTRN>`;

describe("an SGML OFX 1.x in windows-1252", () => {
  const statement = parsed(SGML);

  test("names the account and the period", () => {
    expect(statement).toMatchObject({ kind: "ofx", account: "001/12345-6", start: "2026-11-01", end: "2026-11-20" });
    expect(statement.lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 5]);
  });

  test("reads each line: key, day, signed centavos (comma or point decimals), credit flag", () => {
    expect(statement.lines.map((l) => [l.key, l.date, l.amountCents, l.credit])).toEqual([
      ["ofx:001:12345-6:20261103001", "2026-11-03", 125000, true], // "1250,00", "…100000.000[-03:EST]"
      ["ofx:001:12345-6:20261104002", "2026-11-04", -1250, false], // "-12.50", "20261104"
      ["ofx:001:12345-6:20261105003", "2026-11-05", 98000, true], // "980.00", "…120000[-3:BRT]"
      ["ofx:001:12345-6:20261106004", "2026-11-06", 150075, true], // "1500,75" in closed elements
      ["ofx:001:12345-6:20261110005", "2026-11-10", 50, true], // "0,50"
    ]);
  });

  test("reads accents from Latin-1 bytes and joins NAME and MEMO, whitespace collapsed", () => {
    expect(statement.lines.map((l) => l.memo)).toEqual([
      "PIX RECEBIDO - MARIA SOUZA",
      "TARIFA PACOTE DE SERVIÇOS",
      "JOÃO DA CONCEIÇÃO PIX RECEBIDO",
      "PIX RECEBIDO COBRANCA42 ANA PAULA ARAÚJO",
      "M&M IMÓVEIS LTDA TED RECEBIDA",
    ]);
  });

  test("CHECKNUM or REFNUM is the document number; the CNAB fields are empty", () => {
    expect(statement.lines.map((l) => l.documentNumber)).toEqual(["110301", null, "PX98765", null, null]);
    for (const line of statement.lines) {
      expect(line).toMatchObject({ payerName: null, payerDoc: null, reference: null, feesCents: 0 });
    }
  });

  test("the same text in UTF-8 under a CHARSET:1252 header reads the same", () => {
    const utf8 = Buffer.from(SGML.toString("latin1"), "utf8");
    expect(utf8.toString("latin1")).toContain("CHARSET:1252");
    expect(parsed(utf8)).toEqual(statement);
  });

  test("LF line ends, or no line ends at all, read the same", () => {
    const text = SGML.toString("latin1");
    expect(parsed(Buffer.from(text.replaceAll("\r\n", "\n"), "latin1"))).toEqual(statement);
    expect(parsed(Buffer.from(text.replace(/\r\n(?=<)/g, ""), "latin1"))).toEqual(statement);
  });
});

describe("an XML OFX 2.x in UTF-8", () => {
  const statement = parsed(XML);

  test("reads lines, accents and entities", () => {
    expect(statement).toMatchObject({ kind: "ofx", account: "0260/9876543-2", start: "2026-11-01", end: "2026-11-21" });
    expect(statement.lines.map((l) => [l.key, l.date, l.amountCents, l.credit, l.memo, l.documentNumber])).toEqual([
      [
        "ofx:0260:9876543-2:6548f1a2-0c1d-4e7b-9f00-aa11bb22cc33",
        "2026-11-07",
        210000,
        true,
        "Transferência recebida pelo Pix - JOÃO GONÇALVES - •••.123.456-•• - BCO DO BRASIL S.A.",
        null,
      ],
      [
        "ofx:0260:9876543-2:6548f1a2-0c1d-4e7b-9f00-aa11bb22cc34",
        "2026-11-08",
        -8990,
        false,
        "Pagamento de boleto - Energia & Luz S.A.",
        null,
      ],
      [
        "ofx:0260:9876543-2:6548f1a2-0c1d-4e7b-9f00-aa11bb22cc35",
        "2026-11-09",
        85050, // "850.5"
        true,
        "Lúcia Helena Transferência recebida pelo Pix",
        "E00000000202611091015abcdef123456",
      ],
    ]);
  });
});

describe("OFX quirks", () => {
  test("an empty element left open does not swallow the elements after it", () => {
    const [line] = parsed(Buffer.from(sgmlWith(trn("A1", "10.00", "<MEMO>\r\n<NAME>ANA"), ""), "latin1")).lines;
    expect(line).toMatchObject({ memo: "ANA", amountCents: 1000, key: "ofx:237:555-1:A1" });
  });

  test("no header, lower-case tags, a bare '<' in a memo, an empty closed element", () => {
    const text = sgmlWith(
      "<stmttrn><trntype>CREDIT<dtposted>20261105<trnamt>1,00<fitid>B1<memo>A < B</stmttrn>" +
        trn("B2", "2.00", "<NAME></NAME><MEMO>X"),
      "",
    );
    expect(parsed(Buffer.from(text, "latin1")).lines.map((l) => [l.key, l.amountCents, l.memo])).toEqual([
      ["ofx:237:555-1:B1", 100, "A < B"],
      ["ofx:237:555-1:B2", 200, "X"],
    ]);
  });

  test("a FITID given twice in one file is kept once (the first)", () => {
    const lines = parsed(
      Buffer.from(sgmlWith(trn("D1", "5.00") + trn("D2", "6.00") + trn("D1", "7.00")), "latin1"),
    ).lines;
    expect(lines.map((l) => [l.key, l.amountCents, l.line])).toEqual([
      ["ofx:237:555-1:D1", 500, 1],
      ["ofx:237:555-1:D2", 600, 2],
    ]);
  });

  test("a credit card statement is read, keyed by its account", () => {
    const text =
      SGML_HEADER +
      "<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CCACCTFROM><ACCTID>4111-XXXX</CCACCTFROM>" +
      `<BANKTRANLIST>${trn("C1", "-30.00")}</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`;
    const statement = parsed(Buffer.from(text, "latin1"));
    expect(statement.account).toBe("4111-XXXX");
    expect(statement.lines[0]).toMatchObject({ key: "ofx::4111-XXXX:C1", amountCents: -3000, credit: false });
  });

  test("the builder's SGML and XML files read back", () => {
    const lines = [
      { fitid: "F1", date: "2026-11-02", amountCents: 123456, memo: "PIX RECEBIDO", name: "JOÃO & FILHOS" },
      { fitid: "F2", date: "2026-11-03", amountCents: -99, memo: "TARIFA" },
    ];
    for (const sgml of [true, false]) {
      const statement = parsed(buildOfx({ bankId: "104", acctId: "777-0", lines, sgml }));
      expect(statement.lines.map((l) => [l.key, l.date, l.amountCents, l.memo])).toEqual([
        ["ofx:104:777-0:F1", "2026-11-02", 123456, "JOÃO & FILHOS PIX RECEBIDO"],
        ["ofx:104:777-0:F2", "2026-11-03", -99, "TARIFA"],
      ]);
    }
  });
});

describe("OFX values", () => {
  test("amounts become centavos by integer maths", () => {
    const cases: [string, number | null][] = [
      ["-12.50", -1250],
      ["1250,00", 125000],
      ["+980", 98000],
      ["850.5", 85050],
      ["1.250,75", 125075],
      ["1,250.75", 125075],
      ["1.250.000", 125000000],
      ["0.1", 10],
      ["0.29", 29], // 0.29 * 100 is 28.999999999999996 in floating point
      ["-0.00", 0],
      ["12.500", 1250],
      ["12.505", null], // a fraction of a centavo
      ["12,5x", null],
      ["1.25,5", null],
      ["", null],
      ["-", null],
    ];
    expect(cases.map(([raw]) => ofxAmountCents(raw))).toEqual(cases.map(([, cents]) => cents));
    expect(Object.is(ofxAmountCents("-0.00"), 0)).toBe(true);
  });

  test("dates keep the bank's day, whatever the time and zone", () => {
    expect(ofxDay("20261105")).toBe("2026-11-05");
    expect(ofxDay("20261105235959[-3:BRT]")).toBe("2026-11-05");
    expect(ofxDay("20261105120000.000[-03:EST]")).toBe("2026-11-05");
    expect(ofxDay("20261131")).toBeNull();
    expect(ofxDay("2026-11-05")).toBeNull();
  });
});

describe("refused OFX files, each with a message", () => {
  test("a file cut anywhere after its first line is refused whole", () => {
    const text = SGML.toString("latin1");
    const from = text.indexOf("<STMTTRN>");
    const to = text.lastIndexOf("</OFX>");
    for (let cut = from; cut < to + "</OFX>".length; cut++) {
      const message = refusal(Buffer.from(text.slice(0, cut), "latin1"));
      expect(message).toMatch(/^O extrato OFX está incompleto ou corrompido: .+\. Baixe o extrato de novo/);
    }
  });

  test("a line with an unreadable amount, date or no FITID refuses the file, naming the line", () => {
    expect(refusal(sgmlWith(trn("E1", "1.00") + trn("E2", "12,5x")))).toBe(
      'Lançamento 2: valor ilegível ("12,5x"). Baixe o extrato de novo no internet banking.',
    );
    expect(refusal(sgmlWith(trn("E1", "1.00").replace("20261105", "20261135")))).toMatch(
      /^Lançamento 1: data ilegível \("20261135"\)\./,
    );
    expect(refusal(sgmlWith(trn("", "1.00")))).toMatch(/^Lançamento 1: sem o identificador do banco \(FITID\)\./);
  });

  test("an OFX without a statement, or without lines", () => {
    expect(refusal(SGML_HEADER + "<OFX><SIGNONMSGSRSV1><SONRS><CODE>0</SONRS></SIGNONMSGSRSV1></OFX>")).toMatch(
      /^O arquivo OFX não traz extrato de conta nem de cartão\./,
    );
    expect(refusal(sgmlWith(""))).toBe(STATEMENT_MESSAGES.noLines);
    expect(STATEMENT_MESSAGES.noLines).toMatch(/^O arquivo não tem nenhum lançamento\./);
  });

  test("an end tag that closes nothing, or nesting no bank writes", () => {
    expect(refusal(sgmlWith(trn("G1", "1.00") + "</STMTTRNRS2>"))).toMatch(/fecha o que não foi aberto/);
    expect(refusal(SGML_HEADER + "<OFX>" + "<AGG>".repeat(100))).toMatch(/aninhadas demais/);
  });

  // ofx-js, the most used OFX package, took 1.3 s on the first and 21 s on the
  // second of these (an exponential regular expression): see the decision record.
  test("inputs that made a regex-based reader backtrack are read in linear time", () => {
    const started = performance.now();
    refusal(SGML_HEADER + "<OFX><STMTTRN><" + "A".repeat(30) + "!x</OFX>");
    refusal(SGML_HEADER + "<OFX>" + "<CREDITCARDMSGSRSV1>".repeat(4000) + "</OFX>");
    refusal(SGML_HEADER + "<OFX><E>" + "<A>x".repeat(200_000) + "</OFX>");
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("files that are not statements", () => {
  test("a PNG, an empty file", () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    expect(refusal(png)).toBe(STATEMENT_MESSAGES.unknown);
    expect(STATEMENT_MESSAGES.unknown).toMatch(
      /^O arquivo não é um extrato OFX nem um arquivo de retorno CNAB 240 ou CNAB 400\./,
    );
    expect(refusal(new Uint8Array())).toBe(STATEMENT_MESSAGES.empty);
  });

  test("a CNAB 400 is told by its header, whatever it is named: a header alone has no lines", () => {
    expect(refusal("02RETORNO01COBRANCA       ".padEnd(400, " "))).toMatch(/^O retorno CNAB 400 é do banco sem código/);
    // A header whose literal a tool rewrote is still a CNAB 400 by its length and record type.
    expect(refusal(`02retorno01cobranca${" ".repeat(57)}341`.padEnd(400, " "))).toMatch(
      /^O arquivo CNAB 400 está incompleto/,
    );
    expect(refusal("01REMESSA01COBRANCA       ".padEnd(400, " "))).toMatch(/^O arquivo CNAB 400 é uma remessa/);
  });

  test("more than 5 MB is refused before it is read; 5 MB is not", () => {
    expect(refusal(new Uint8Array(MAX_STATEMENT_BYTES + 1).fill(0x41))).toBe(STATEMENT_MESSAGES.tooBig);
    expect(STATEMENT_MESSAGES.tooBig).toMatch(/^O arquivo tem mais de 5 MB\./);
    expect(refusal(new Uint8Array(MAX_STATEMENT_BYTES).fill(0x41))).toBe(STATEMENT_MESSAGES.unknown);
  });
});
