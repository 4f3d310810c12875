import { describe, expect, it } from "vitest";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { longDay, renderReceiptPdf, type ReceiptPdfData } from "./receipt-pdf.server";

const A4_WIDTH = 595.28;

function receipt(overrides: Partial<ReceiptPdfData> = {}): ReceiptPdfData {
  return {
    number: 42,
    agency: {
      name: "Lagoa Imóveis",
      legalName: "Lagoa Imóveis Ltda.",
      creci: "CRECI/MS 1234-J",
      cnpj: "12345678000195",
      address: "Av. Antônio Trajano, 1000 - Centro, Três Lagoas - MS, 79601-000",
      city: "Três Lagoas - MS",
    },
    tenant: { name: "João Conceição da Silva", cpfCnpj: "52998224725" },
    propertyAddress: "Rua Paranaíba, 456, Centro, Três Lagoas - MS",
    monthYear: "2026-10",
    dueDate: "2026-10-10",
    items: [
      { label: "Aluguel", cents: 1_450_00 },
      { label: "Multa (10%)", cents: 145_00 },
      { label: "Juros (12 dias)", cents: 10_50 },
    ],
    totalCents: 1_605_50,
    paymentDate: "2026-10-22",
    issuedOn: "2026-11-23",
    ...overrides,
  };
}

// The text a reader extracts, spaces collapsed; and where each piece sits.
async function read(bytes: Uint8Array) {
  const doc = await openPdf(bytes);
  try {
    const texts: string[] = [];
    const items: TextItem[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      texts.push(await pageText(doc, n));
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      items.push(...content.items.filter((i): i is TextItem => "str" in i));
      const [, , width, height] = page.view;
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]); // A4
    }
    const info = (await doc.getMetadata()).info as Record<string, unknown>;
    return { text: texts.join("\n").replace(/\s+/g, " "), items, pages: doc.numPages, info };
  } finally {
    await doc.destroy();
  }
}

// The fonts a PDF uses, by their base names.
async function fontNames(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const names: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of("Type")) === PDFName.of("Font")) {
      const subtype = object.get(PDFName.of("Subtype"));
      if (subtype === PDFName.of("Type0") || subtype === PDFName.of("Type1")) {
        names.push(String(object.get(PDFName.of("BaseFont"))).slice(1));
      }
    }
  }
  return names.sort();
}

describe("renderReceiptPdf", () => {
  it("writes the numbered, itemized receipt as extractable text", async () => {
    const { text, pages, info } = await read(await renderReceiptPdf(receipt()));
    expect(pages).toBe(1);
    expect(info.Title).toBe("Recibo de Aluguel nº 42");
    expect(text).toContain("Recibo de Aluguel nº 42");
    // who issues it
    expect(text).toContain("Lagoa Imóveis");
    expect(text).toContain("CRECI/MS 1234-J · CNPJ 12.345.678/0001-95");
    // the sentence
    expect(text).toContain(
      "Recebemos de João Conceição da Silva, CPF 529.982.247-25, a importância de R$ 1.605,50 " +
        "(mil seiscentos e cinco reais e cinquenta centavos), referente ao aluguel de outubro de 2026 " +
        "do imóvel situado em Rua Paranaíba, 456, Centro, Três Lagoas - MS, com vencimento em 10/10/2026, " +
        "paga em 22/10/2026.",
    );
    // the items and the total
    expect(text).toContain("Aluguel R$ 1.450,00");
    expect(text).toContain("Multa (10%) R$ 145,00");
    expect(text).toContain("Juros (12 dias) R$ 10,50");
    expect(text).toContain("Total pago R$ 1.605,50");
    // place, date, signature
    expect(text).toContain("Três Lagoas - MS, 23 de novembro de 2026.");
    expect(text).toContain("Lagoa Imóveis Ltda.");
  });

  it("names a company tenant's CNPJ, leaves out what is not recorded, and shows a discount", async () => {
    const { text } = await read(
      await renderReceiptPdf(
        receipt({
          tenant: { name: "Comércio ABC Ltda.", cpfCnpj: "12ABC34501DE35" },
          propertyAddress: null,
          agency: { ...receipt().agency, cnpj: null },
          items: [
            { label: "Aluguel", cents: 2_000_00 },
            { label: "Desconto", cents: -100_00 },
          ],
          totalCents: 1_900_00,
        }),
      ),
    );
    expect(text).toContain("Recebemos de Comércio ABC Ltda., CNPJ 12.ABC.345/01DE-35, a importância de R$ 1.900,00");
    expect(text).toContain("(mil e novecentos reais), referente ao aluguel de outubro de 2026, com vencimento em");
    expect(text).not.toContain("imóvel situado");
    expect(text).not.toContain("CNPJ 12.345");
    expect(text).toContain("Desconto -R$ 100,00");

    const noDocument = await read(await renderReceiptPdf(receipt({ tenant: { name: "Ana", cpfCnpj: null } })));
    expect(noDocument.text).toContain("Recebemos de Ana, a importância de R$ 1.605,50");
  });

  it("wraps a long address and a long item inside the margins", async () => {
    const address =
      "Rua Doutor Munir Thomé, 1234, Apartamento 302, Bloco B, Condomínio Residencial Parque das Lagoas, " +
      "Jardim Alvorada, Três Lagoas - MS, 79610-000, próximo à Lagoa Maior, " +
      "referência: portão azul ao lado da padaria " +
      "X".repeat(120);
    const label = "Desconto de pontualidade concedido pelo locador, sem novação do contrato de locação nem renúncia";
    const { text, items } = await read(
      await renderReceiptPdf(
        receipt({
          propertyAddress: address,
          items: [...receipt().items, { label, cents: -5_00 }],
          totalCents: 1_600_50,
        }),
      ),
    );
    for (const word of address.split(" ").filter((w) => !w.startsWith("X"))) expect(text).toContain(word);
    expect(text.replace(/ /g, "")).toContain("X".repeat(120));
    for (const word of label.split(" ")) expect(text).toContain(word);
    for (const item of items) {
      const x = item.transform[4];
      expect(x).toBeGreaterThanOrEqual(56);
      expect(x + item.width).toBeLessThanOrEqual(A4_WIDTH - 56);
    }
  });

  it("draws every letter of a name (Polish, Hungarian, an emoticon the font has), and writes the first of the month as 1º", async () => {
    const { text } = await read(
      await renderReceiptPdf(
        receipt({ tenant: { name: "Łukasz Kőrösi\tSmith 😀", cpfCnpj: null }, issuedOn: "2026-12-01" }),
      ),
    );
    expect(text).toContain("Recebemos de Łukasz Kőrösi Smith 😀, a importância");
    expect(text).toContain("Três Lagoas - MS, 1º de dezembro de 2026.");
  });

  // Issue 38: every letter drawn, read back from the PDF as written.
  it.each([
    ["Vietnamese", "Nguyễn Thị Minh Khai", "Nguyễn Thị Minh Khai"],
    ["Polish", "Zażółć Gęślą Jaźń", "Zażółć Gęślą Jaźń"],
    ["combining marks, composed", "Jose\u0301 Mari\u0301a Ca\u0303o", "José María Cão"],
    ["a script the font lacks, in its Latin form", "王小明 Silva", "WangXiaoMing Silva"],
  ])("draws a %s name", async (_, name, drawn) => {
    const { text } = await read(await renderReceiptPdf(receipt({ tenant: { name, cpfCnpj: null } })));
    expect(text).toContain(`Recebemos de ${drawn}, a importância`);
    expect(text).not.toContain("?");
  });

  it("embeds a font only when a name needs it, and then only the glyphs it draws", async () => {
    const plain = await renderReceiptPdf(receipt());
    expect(plain.byteLength).toBeLessThan(6 * 1024);
    expect(await fontNames(plain)).toEqual(["Helvetica", "Helvetica-Bold"]);
    const wide = await renderReceiptPdf(receipt({ tenant: { name: "Nguyễn Thị Minh Khai", cpfCnpj: null } }));
    expect((await fontNames(wide)).map((n) => n.replace(/-\d+$/, ""))).toEqual(["DejaVuSans", "DejaVuSans-Bold"]);
    expect(wide.byteLength).toBeLessThan(60 * 1024);
  });

  it("goes on to another page when the items do not fit, numbering the pages", async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ label: `Item ${i + 1}`, cents: 10_00 }));
    const { text, pages } = await read(await renderReceiptPdf(receipt({ items, totalCents: 300_00 })));
    expect(pages).toBe(2);
    for (const { label } of items) expect(text).toContain(`${label} R$ 10,00`);
    expect(text).toContain("Total pago R$ 300,00");
    expect(text).toContain("página 1 de 2");
    expect(text).toContain("página 2 de 2");
    expect(text.indexOf("Damos quitação")).toBeGreaterThan(text.indexOf("página 1 de 2"));
  });

  it("refuses a receipt whose items do not add up to its total", async () => {
    await expect(renderReceiptPdf(receipt({ totalCents: 1_605_51 }))).rejects.toThrow(/add up/);
  });
});

describe("longDay", () => {
  it.each([
    ["2026-11-23", "23 de novembro de 2026"],
    ["2026-03-01", "1º de março de 2026"],
    ["2026-10-10", "10 de outubro de 2026"],
    ["nonsense", "nonsense"],
  ])("%s → %s", (day, text) => expect(longDay(day)).toBe(text));
});
