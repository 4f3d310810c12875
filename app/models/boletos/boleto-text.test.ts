import { describe, expect, it } from "vitest";
import { bankBarcodeToLine, buildBankBarcode } from "./boleto-line";
import { findAmount, findDueDate, findReferenceMonth, printedAmounts, printedDueDates } from "./boleto-labels";
import { findLineInText, findLinesInText } from "./boleto-text";

const TODAY = "2026-11-22";
// A boleto for R$ 1.250,00 due 10/12/2026, and the same line as printed.
const BARCODE = buildBankBarcode({
  bank: "001",
  dueDate: "2026-12-10",
  amountCents: 125000,
  freeField: "0000001234567890123456717",
});
const LINE = bankBarcodeToLine(BARCODE);
const PRINTED = `${LINE.slice(0, 5)}.${LINE.slice(5, 10)} ${LINE.slice(10, 15)}.${LINE.slice(15, 21)} ${LINE.slice(21, 26)}.${LINE.slice(26, 32)} ${LINE[32]} ${LINE.slice(33)}`;
const WATER = "826000000016874301232029612151234566789012345672"; // R$ 187,43, due 15/12/2026

describe("findLineInText", () => {
  it("finds the printed line among the slip's text", () => {
    const text = `Banco do Brasil 001-9 ${PRINTED}\nLocal de pagamento\nPagável em qualquer banco`;
    expect(findLineInText(text, TODAY)).toEqual({
      form: "line",
      lookalikes: false,
      decoded: { kind: "bank", barcode: BARCODE, digitableLine: LINE, dueDate: "2026-12-10", amountCents: 125000 },
    });
  });

  it("reads past what OCR does to digits: O for 0, l and I for 1, S for 5, lost or extra dots and spaces", () => {
    expect(PRINTED).toBe("00190.00009 01234.567897 01234.567178 8 16560000125000");
    const ocr = "OO19O,00009  0l234567897 O1234.S67178 8 1656000012S0O0";
    expect(findLineInText(`Banco do Brasil | 001-9 | ${ocr} |`, TODAY)).toMatchObject({
      decoded: { digitableLine: LINE },
      lookalikes: true,
    });
    // The groups broken by OCR into more tokens.
    const spaced = PRINTED.replace(/(\d{3})(\d{2})\./, "$1 $2.");
    expect(findLineInText(spaced, TODAY)?.decoded.amountCents).toBe(125000);
  });

  it("never joins digits of different text lines; whole tokens beside the line are ignored", () => {
    const half = PRINTED.indexOf(" ", 20);
    expect(findLineInText(`${PRINTED.slice(0, half)}\n${PRINTED.slice(half + 1)}`, TODAY)).toBeNull();
    expect(findLineInText(`CPF 123.456.789-09 ${PRINTED} 00042`, TODAY)?.decoded.digitableLine).toBe(LINE);
  });

  it("slides no window over a longer run of digits: the line is whole tokens", () => {
    expect(findLineInText(`7${LINE}`, TODAY)).toBeNull();
    expect(findLineInText(`${PRINTED}12`, TODAY)).toBeNull();
    expect(findLineInText(`${PRINTED} 12`, TODAY)?.decoded.digitableLine).toBe(LINE);
  });

  it("finds every line of a page (a carnê), each once", () => {
    const other = bankBarcodeToLine(
      buildBankBarcode({
        bank: "001",
        dueDate: "2027-01-10",
        amountCents: 125000,
        freeField: "0000001234567890123456718",
      }),
    );
    const found = findLinesInText(`${PRINTED}\n${other}\n${LINE}`, TODAY).map((l) => l.decoded.digitableLine);
    expect(found).toEqual([LINE, other]);
  });

  it("finds a 48-digit line, with or without its dashes", () => {
    const dashed = [0, 12, 24, 36].map((i) => `${WATER.slice(i, i + 11)}-${WATER[i + 11]}`).join(" ");
    expect(findLineInText(`Autenticação mecânica\n${dashed}`, TODAY)?.decoded).toMatchObject({
      kind: "collection",
      digitableLine: WATER,
      amountCents: 18743,
    });
    expect(findLineInText(WATER, TODAY)?.decoded.dueDate).toBe("2026-12-15");
  });

  it("trusts nothing when one digit is wrong", () => {
    const wrong = PRINTED.slice(0, 7) + String((Number(PRINTED[7]) + 1) % 10) + PRINTED.slice(8);
    expect(findLineInText(wrong, TODAY)).toBeNull();
    const wrongAmount = PRINTED.slice(0, -3) + "999";
    expect(findLineInText(wrongAmount, TODAY)).toBeNull();
  });

  it("takes a 44-digit barcode number only as a whole run", () => {
    expect(findLineInText(`Código de barras: ${BARCODE}`, TODAY)).toMatchObject({
      form: "barcode",
      decoded: { digitableLine: LINE },
    });
    // The same digits inside a longer run: one check digit is too weak to slide over it.
    expect(findLineInText(`${BARCODE}7`, TODAY)).toBeNull();
  });

  it("does not turn words into digits", () => {
    expect(findLineInText("SOS Bolos lOl", TODAY)).toBeNull();
    expect(findLineInText("", TODAY)).toBeNull();
  });
});

describe("findDueDate", () => {
  it("takes the date after a due-date label: vencimento, data de vencimento, venc.", () => {
    expect(findDueDate("Data do documento 01/11/2026 Vencimento 10/12/2026")).toBe("2026-12-10");
    expect(findDueDate("Data do Documento\n01.11.2026\nData de Vencimento\n15.12.2026")).toBe("2026-12-15");
    expect(findDueDate("Emissão 05-11-2026 VENC.: 05-01-2027")).toBe("2027-01-05");
    expect(findDueDate("Venc 10/12/2026")).toBe("2026-12-10");
  });

  it("finds the value a few labels after its label (a row of boxes read line by line)", () => {
    expect(findDueDate("Emitido em 01/11/2026\nBeneficiário Vencimento\nImobiliária Exemplo Ltda 10/12/2026")).toBe(
      "2026-12-10",
    );
  });

  it("ignores the instructions' 'após o vencimento'", () => {
    expect(findDueDate("Após o vencimento, até 20/12/2026, cobrar multa. Vencimento 10/12/2026")).toBe("2026-12-10");
    // The slip's "Pagável ... até o vencimento" is no label: the date after it is the document's.
    const dark = "Pagável em qualquer banco até o vencimento\nData do Documento\n01.11.2026";
    expect(printedDueDates(dark)).toEqual([]);
    expect(printedDueDates("Data do vencimento 10/12/2026")).toEqual(["2026-12-10"]);
  });

  it("gives no date without a due-date label: the first date anywhere is another one (issue 21)", () => {
    expect(findDueDate("Pague até 31/02/2026 ou 28-02-2026")).toBeNull();
    expect(findDueDate("Emitido 03.04.2026")).toBeNull();
    // The label's date skips an impossible one, in any of the three formats.
    // An impossible date right after the label (a misread) gives none, not the next one.
    expect(findDueDate("Vencimento 32/12/2026, 15/01/2027")).toBeNull();
    expect(findDueDate("Vencimento: 28-02-2026")).toBe("2026-02-28");
    expect(findDueDate("Vencimento 03.04.2026")).toBe("2026-04-03");
  });

  it("gives no date when its labels disagree (a quoted old boleto, the original due date)", () => {
    expect(findDueDate("Vencimento: 10/11/2026 (boleto anterior)\nVencimento: 10/12/2026")).toBeNull();
    // "Vencimento original" is another date's label, not a second due date.
    expect(findDueDate("Vencimento original: 10/11/2026\nVencimento: 10/12/2026")).toBe("2026-12-10");
    expect(findDueDate("Vencimento 10/12/2026 ... Vencimento 10/12/2026")).toBe("2026-12-10");
  });

  it("returns null without a date", () => {
    expect(findDueDate("Vencimento: à vista. Três Lagoas, dez de novembro.")).toBeNull();
    expect(findDueDate("Lote 12/2026 e 10/12/26")).toBeNull();
  });
});

describe("tables read by column", () => {
  const receipt = [
    "Data do Documento Nº Data de Vencimento Valor",
    "05/11/2026 4471 10/12/2026 R$ 1.480,00",
    "Multa de 2% após o vencimento: R$ 29,60",
  ].join("\n");

  it("takes the date under 'Data de Vencimento', not the first date of the values row", () => {
    expect(findDueDate(receipt)).toBe("2026-12-10");
    expect(printedDueDates(receipt)).toEqual(["2026-12-10"]);
    expect(findAmount(receipt)).toBe(148000);
    expect(new Set(printedAmounts(receipt))).toEqual(new Set([148000]));
  });

  it("reads nothing by column when the row does not line up with its labels", () => {
    const ragged = "Data do Documento Nº Data de Vencimento Valor\n4471 10/12/2026 R$ 1.480,00";
    // One date under two date labels: the column is unknown, so no date (it may be the document's).
    expect(findDueDate(ragged)).toBeNull();
  });
});

describe("findAmount", () => {
  it("takes a statement's 'Total', not its first itemized amount", () => {
    const statement = "Fundo de reserva R$ 65,00\nTaxa condominial R$ 650,00\nConsumo de água R$ 8,37\nTotal R$ 723,37";
    expect(findAmount(statement)).toBe(72337);
    expect(findAmount(statement.replace("Total", "Subtotal"))).toBeNull();
  });

  it("gives no amount from itemized amounts without a label of the amount due, even a single one", () => {
    expect(findAmount("Fundo de reserva R$ 65,00\nTaxa condominial R$ 650,00")).toBeNull();
    expect(findAmount("Taxa condominial R$ 650,00")).toBeNull();
  });

  it("gives no amount when the labels of one kind disagree (two totals, the fine's value first)", () => {
    expect(findAmount("Total R$ 723,37\nTotal R$ 1.392,87")).toBeNull();
    expect(findAmount("Valor: R$ 25,00\nValor: R$ 1.250,00")).toBeNull();
    // A label followed by what it totals is another amount's: "Total do mês", "Valor da multa".
    expect(findAmount("Total do mês R$ 723,37\nTotal geral R$ 1.392,87")).toBe(139287);
    expect(findAmount("Valor da multa R$ 25,00\nValor: R$ 1.250,00")).toBe(125000);
  });

  it("takes the amount after valor, R$ or RS, in pt-BR format", () => {
    expect(findAmount("(=) Valor do Documento\n1.250,00")).toBe(125000);
    expect(findAmount("Total: R$ 980,00")).toBe(98000);
    expect(findAmount("Total: RS 87,43")).toBe(8743);
    expect(findAmount("Valor 12.345.678,90")).toBe(1234567890);
  });

  it("prefers the amount due over money in the instructions", () => {
    const text = "Após o vencimento cobrar juros de R$ 0,50 ao dia.\nUso do Banco (=) Valor do documento\nR$ 2.380,55";
    expect(findAmount(text)).toBe(238055);
    expect(findAmount("Multa R$ 5,00\nTotal a pagar R$ 187,43")).toBe(18743);
  });

  it("takes no unlabelled number, and zero is never the amount", () => {
    expect(findAmount("(-) Desconto 0,00\nAluguel de novembro 1.500,00")).toBeNull();
    expect(findAmount("(-) Desconto 0,00\nValor cobrado 1.500,00")).toBe(150000);
    expect(findAmount("Quantidade 1.500 e 3,5 kg")).toBeNull();
    expect(findAmount("CPF 123.456.789-09, data 10.12.2026")).toBeNull();
    expect(findAmount("")).toBeNull();
  });
});

describe("findReferenceMonth", () => {
  it.each([
    ["Referente a outubro/2024", "2024-10"],
    ["Aluguel referente ao mês de novembro de 2026", "2026-11"],
    ["REFERENTE A MARÇO DE 2025", "2025-03"],
    ["Competência 01/2025", "2025-01"],
    ["competencia: fev/2025", "2025-02"],
    ["Ref. 10/2024", "2024-10"],
    ["ref: 9/2024", "2024-09"],
    ["Mês de referência: 11/2026", "2026-11"],
    ["Mês/Ano de referência 12/2026", "2026-12"],
    ["Referência: NOV/2026", "2026-11"],
    ["Período de referência: 07-2026", "2026-07"],
    ["referente a dezembro/25", "2025-12"],
  ])("%s -> %s", (text, month) => {
    expect(findReferenceMonth(text)).toBe(month);
  });

  it("passes over a month more than a year from the due date (an OCR misreading)", () => {
    expect(findReferenceMonth("Referente a outubro/2028", "2026-12-10")).toBeNull();
    // One of the page's months misread: the month is unknown.
    expect(findReferenceMonth("Ref. 10/2028 Competência 10/2026", "2026-12-10")).toBeNull();
    expect(findReferenceMonth("Referente a dezembro/2025", "2026-12-10")).toBe("2025-12");
    expect(findReferenceMonth("Referente a novembro/2025", "2026-12-10")).toBeNull();
  });

  it("returns null without a month, or with an impossible one", () => {
    expect(findReferenceMonth("Competência 13/2026")).toBeNull();
    expect(findReferenceMonth("Referente ao aluguel do imóvel")).toBeNull();
    expect(findReferenceMonth("Vencimento 10/12/2026")).toBeNull();
    expect(findReferenceMonth("Referência bancária 10/12/2026")).toBeNull();
  });
});
