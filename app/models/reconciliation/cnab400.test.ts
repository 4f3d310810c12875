import { describe, expect, test } from "vitest";
import { buildCnab400, type Cnab400Bank, type Cnab400Item } from "#tests/fixtures/statements/build";
import { parseStatement, type ParsedStatement } from "./statement";

// CNAB 400 retornos of the five banks read here, each built field by field at
// its own layout's positions (tests/fixtures/statements/build.ts): a
// liquidation paid late (juros, a tarifa), an "entrada confirmada" and a
// tarifa debited, for each bank.

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

const records = (bytes: Buffer) => bytes.toString("latin1").split("\r\n").slice(0, -1);
const file = (lines: string[], end = "\r\n") => Buffer.from(lines.map((l) => l + end).join(""), "latin1");

const liquidation: Cnab400Item = {
  nossoNumero: "00000000000004242",
  ocorrencia: "06",
  occurrenceDate: "2026-11-12",
  creditDate: "2026-11-13",
  dueDate: "2026-11-10",
  faceCents: 150_000,
  paidCents: 150_600, // R$ 1.500,00 + R$ 6,00 of juros
  interestCents: 600,
  feesCents: 250,
  documentNumber: "ALUGUEL-42",
  payerName: "MARIA APARECIDA SOUZA",
};
const entry: Cnab400Item = {
  nossoNumero: "00000000000004343",
  ocorrencia: "02",
  occurrenceDate: "2026-11-03",
  creditDate: null,
  faceCents: 98_000,
  paidCents: 0,
};

// Each bank: its account as the header gives it, the nosso número as its
// field holds it, a liquidation code, a charge code, its movement names.
const BANKS: {
  bank: Cnab400Bank;
  account: string;
  liquidation: string;
  liquidationName: string;
  charge: string;
  entryName: string;
}[] = [
  {
    bank: "001",
    account: "001 1234-5/98765-4",
    liquidation: "06",
    liquidationName: "Liquidação normal",
    charge: "96",
    entryName: "Confirmação de entrada de título",
  },
  {
    bank: "341",
    account: "341 1234/98765-4",
    liquidation: "06",
    liquidationName: "Liquidação normal",
    charge: "28",
    entryName: "Entrada confirmada",
  },
  {
    bank: "237",
    account: "237 4242",
    liquidation: "06",
    liquidationName: "Liquidação normal",
    charge: "28",
    entryName: "Entrada confirmada",
  },
  {
    bank: "756",
    account: "756 1234-5/98765-4",
    liquidation: "06",
    liquidationName: "Liquidação normal",
    charge: "28",
    entryName: "Confirmação entrada título",
  },
  {
    bank: "748",
    account: "748 4242",
    liquidation: "06",
    liquidationName: "Liquidação",
    charge: "28",
    entryName: "Entrada confirmada",
  },
];

// The nosso número each bank's field holds (its width, from the right of ours).
const nossoFor = (bank: Cnab400Bank, nosso: string) =>
  ({
    "001": nosso.slice(-17),
    "341": nosso.slice(-8),
    "237": nosso.slice(-12),
    "756": nosso.slice(-12),
    "748": nosso.slice(-15),
  })[bank];

describe.each(BANKS)("the CNAB 400 retorno of bank $bank", (b) => {
  const items: Cnab400Item[] = [
    { ...liquidation, nossoNumero: nossoFor(b.bank, "00000000000004242") },
    { ...entry, nossoNumero: nossoFor(b.bank, "00000000000004343") },
    {
      nossoNumero: nossoFor(b.bank, "00000000000004444"),
      ocorrencia: b.charge,
      occurrenceDate: "2026-11-14",
      creditDate: null,
      paidCents: 0,
      feesCents: 350,
    },
  ];
  const bytes = buildCnab400({
    bank: b.bank,
    agency: b.bank === "341" ? "1234" : "1234-5",
    account: "98765-4",
    company: "4242",
    items,
  });
  const statement = parsed(bytes);

  test("is told by its content and names the bank's account", () => {
    expect(statement).toMatchObject({ kind: "cnab400", account: b.account, start: "2026-11-03", end: "2026-11-14" });
  });

  test("a liquidation is a credit of what the payer paid, on the credit date, with its tarifa and juros", () => {
    const [line] = statement.lines;
    expect(line).toMatchObject({
      date: "2026-11-13",
      amountCents: 150_600,
      credit: true,
      info: false,
      movement: b.liquidation,
      movementName: b.liquidationName,
      reference: nossoFor(b.bank, "00000000000004242"),
      documentNumber: "ALUGUEL-42",
      feesCents: 250,
      interestCents: 600,
      payerDoc: null,
      line: 2,
    });
    expect(line!.key).toBe(`cnab400:${b.account.replace(" ", ":")}:${line!.reference}:06:2026-11-12`);
    // Itaú's retorno names the payer; the others give neither name nor document.
    expect(line!.payerName).toBe(b.bank === "341" ? "MARIA APARECIDA SOUZA" : null);
  });

  test("02 (entrada confirmada) is information: neither a credit nor a debit", () => {
    expect(statement.lines[1]).toMatchObject({
      date: "2026-11-03", // no credit date: the occurrence date
      credit: false,
      info: true,
      amountCents: 0,
      movement: "02",
      movementName: b.entryName,
    });
  });

  test("a tarifa is a debit of its amount", () => {
    expect(statement.lines[2]).toMatchObject({ credit: false, info: false, amountCents: -350, movement: b.charge });
  });

  test("lines cut after their last non-blank character, and LF or CR ends, read the same", () => {
    // The numbering at 395-400 is what keeps a CNAB 400 record whole; blank it and strip the rest.
    const stripped = records(bytes).map((r) => (r.slice(0, 394) + "      ").trimEnd());
    expect(stripped.some((r) => r.length < 400)).toBe(true);
    for (const end of ["\r\n", "\n", "\r"]) {
      expect(parsed(Buffer.from(stripped.join(end), "latin1")).lines).toEqual(statement.lines);
    }
  });
});

describe("Sicredi's own fields", () => {
  test("juros and multa, each in its field, are both within the amount; the credit date is AAAAMMDD", () => {
    const statement = parsed(
      buildCnab400({
        bank: "748",
        company: "12345",
        items: [{ ...liquidation, nossoNumero: "262000001", interestCents: 600, fineCents: 3_000, paidCents: 153_600 }],
      }),
    );
    expect(statement.lines[0]).toMatchObject({ interestCents: 3_600, amountCents: 153_600, date: "2026-11-13" });
  });
});

describe("Itaú's valor principal", () => {
  test("is what was credited, the tarifa taken out: the payer paid both", () => {
    const bytes = buildCnab400({ bank: "341", agency: "0730", account: "03511-0", items: [liquidation] });
    const principal = bytes.toString("latin1").split("\r\n")[1]!.slice(253, 266);
    expect(Number(principal)).toBe(150_600 - 250);
    expect(parsed(bytes).lines[0]).toMatchObject({ amountCents: 150_600, feesCents: 250 });
  });
});

describe("refused CNAB 400 files, each with a message", () => {
  const good = records(buildCnab400({ bank: "237", items: [liquidation] }));

  test("a line longer than 400 characters", () => {
    const lines = [...good];
    lines[1] = lines[1] + "9";
    expect(refusal(file(lines))).toMatch(
      /^A linha 2 do arquivo CNAB 400 tem 401 caracteres; cada linha deve ter 400\./,
    );
  });

  test("a bank whose layout is not read here", () => {
    const lines = [...good];
    lines[0] = lines[0].slice(0, 76) + "033" + lines[0].slice(79);
    expect(refusal(file(lines))).toMatch(
      /^O retorno CNAB 400 é do banco 033, cujo leiaute não é lido aqui \(lemos Banco do Brasil \(001\), Itaú \(341\), Bradesco \(237\), Sicoob \(756\), Sicredi \(748\)\)/,
    );
  });

  test("a remessa, a file cut before its trailer, an unreadable amount", () => {
    expect(refusal(file([good[0]!.replace("02RETORNO", "01REMESSA"), ...good.slice(1)]))).toMatch(
      /^O arquivo CNAB 400 é uma remessa/,
    );
    expect(refusal(file(good.slice(0, -1)))).toMatch(/^O arquivo CNAB 400 está incompleto: falta o trailer/);
    const lines = [...good];
    lines[1] = lines[1].slice(0, 253) + "00000001506X0" + lines[1].slice(266);
    expect(refusal(file(lines))).toBe(
      'Linha 2 do arquivo CNAB 400: valor pago ilegível ("00000001506X0"). ' +
        "Baixe o arquivo de retorno de novo no internet banking.",
    );
  });

  test("Banco do Brasil's detail of 6-position convênios (record 1) is not guessed at", () => {
    const bb = records(buildCnab400({ bank: "001", items: [liquidation] }));
    bb[1] = "1" + bb[1].slice(1);
    expect(refusal(file(bb))).toMatch(/^Linha 2 do arquivo CNAB 400: registro 1 \(convênio de 6 posições\)/);
  });
});
