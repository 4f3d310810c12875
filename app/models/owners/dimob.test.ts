import { describe, expect, it } from "vitest";
import {
  CRLF,
  HEADER_LENGTH,
  R01_LENGTH,
  R02_LENGTH,
  T9_LENGTH,
  cepOf,
  dimobFile,
  dimobTotals,
  headerRecord,
  monthsOf,
  plainText,
  r01Record,
  r02Record,
  t9Record,
  ufOf,
  type DimobDeclarant,
  type DimobLease,
} from "./dimob";

// The DIMOB records against the layout (docs/decisions/0042-dimob.md):
// positions are 1-based as the layout tables give them; `at(line, from, size)`.
const at = (line: string, from: number, size: number) => line.slice(from - 1, from - 1 + size);

const declarant: DimobDeclarant = {
  cnpj: "11222333000181",
  year: 2025,
  name: "Lagoa Imóveis Ltda.",
  responsibleCpf: "52998224725",
  address: "Av. Antônio Trajano, 1000 - Centro, Três Lagoas - MS, 79601-000",
  uf: "MS",
  municipalityCode: "9165",
};

const months = Array.from({ length: 12 }, () => ({ rentCents: 0, commissionCents: 0, taxCents: 0 }));
months[0] = { rentCents: 150000, commissionCents: 15000, taxCents: 0 };
months[11] = { rentCents: 123456789, commissionCents: 1, taxCents: 0 };

const lease: DimobLease = {
  contractNumber: "42",
  contractDate: "2024-03-15",
  ownerDocument: "15350946056", // a CPF
  ownerName: "Helena Conceição Duarte",
  tenantDocument: "11222333000181", // a CNPJ
  tenantName: "Comércio São João Ltda.",
  months,
  propertyType: "U",
  propertyAddress: "Rua Zuleide Perez Tabox, 515 – ap. 3º andar",
  cep: "79601000",
  municipalityCode: "9165",
  uf: "MS",
};

describe("header and trailer", () => {
  it("are DIMOB and T9 followed by blanks", () => {
    const h = headerRecord();
    expect(h).toHaveLength(HEADER_LENGTH);
    expect(at(h, 1, 5)).toBe("DIMOB");
    expect(at(h, 6, 369)).toBe(" ".repeat(369));
    const t = t9Record();
    expect(t).toHaveLength(T9_LENGTH);
    expect(at(t, 1, 2)).toBe("T9");
    expect(at(t, 3, 100).trim()).toBe("");
  });
});

describe("R01, the declarant", () => {
  const r = r01Record(declarant);
  it("is 270 characters, each field in place", () => {
    expect(r).toHaveLength(R01_LENGTH);
    expect(at(r, 1, 3)).toBe("R01");
    expect(at(r, 4, 14)).toBe("11222333000181");
    expect(at(r, 18, 4)).toBe("2025");
    expect(at(r, 22, 1)).toBe("0"); // not a rectifying declaration
    expect(at(r, 23, 10)).toBe("0000000000");
    expect(at(r, 33, 1)).toBe("0");
    expect(at(r, 34, 8)).toBe("00000000");
    expect(at(r, 42, 2)).toBe("00");
    expect(at(r, 44, 60)).toBe("LAGOA IMOVEIS LTDA.".padEnd(60));
    expect(at(r, 104, 11)).toBe("52998224725");
    expect(at(r, 115, 120)).toBe("AV. ANTONIO TRAJANO, 1000 - CENTRO, TRES LAGOAS - MS, 79601-000".padEnd(120));
    expect(at(r, 235, 2)).toBe("MS");
    expect(at(r, 237, 4)).toBe("9165");
    expect(at(r, 241, 30)).toBe(" ".repeat(30));
  });
});

describe("R02, a lease", () => {
  const r = r02Record(declarant, 7, lease);
  it("is 797 characters with the parties, the contract and the property in place", () => {
    expect(r).toHaveLength(R02_LENGTH);
    expect(at(r, 1, 3)).toBe("R02");
    expect(at(r, 4, 14)).toBe("11222333000181");
    expect(at(r, 18, 4)).toBe("2025");
    expect(at(r, 22, 5)).toBe("00007");
    // A CPF is left-aligned in the 14-character CPF/CNPJ field; a CNPJ fills it.
    expect(at(r, 27, 14)).toBe("15350946056   ");
    expect(at(r, 41, 60)).toBe("HELENA CONCEICAO DUARTE".padEnd(60));
    expect(at(r, 101, 14)).toBe("11222333000181");
    expect(at(r, 115, 60)).toBe("COMERCIO SAO JOAO LTDA.".padEnd(60));
    expect(at(r, 175, 6)).toBe("42    ");
    expect(at(r, 181, 8)).toBe("15032024");
    expect(at(r, 693, 1)).toBe("U");
    expect(at(r, 694, 60)).toBe("RUA ZULEIDE PEREZ TABOX, 515 - AP. 3O ANDAR".padEnd(60));
    expect(at(r, 754, 8)).toBe("79601000");
    expect(at(r, 762, 4)).toBe("9165");
    expect(at(r, 766, 20)).toBe(" ".repeat(20));
    expect(at(r, 786, 2)).toBe("MS");
    expect(at(r, 788, 10)).toBe(" ".repeat(10));
  });

  it("has rent, commission and tax for each month, 14 digits in centavos, zero-filled", () => {
    const month = (n: number) => at(r, 189 + (n - 1) * 42, 42);
    expect(month(1)).toBe("00000000150000" + "00000000015000" + "00000000000000");
    for (let n = 2; n <= 11; n++) expect(month(n)).toBe("0".repeat(42));
    expect(month(12)).toBe("00000123456789" + "00000000000001" + "00000000000000");
  });

  it("zero-fills a missing CEP and refuses what does not fit", () => {
    expect(at(r02Record(declarant, 1, { ...lease, cep: "" }), 754, 8)).toBe("00000000");
    expect(() => r02Record(declarant, 100000, lease)).toThrow(RangeError);
    expect(() => r02Record(declarant, 1, { ...lease, ownerDocument: "123" })).toThrow(RangeError);
    expect(() => r02Record(declarant, 1, { ...lease, months: months.slice(1) })).toThrow(RangeError);
    const negative = months.map((m, i) => (i === 3 ? { ...m, rentCents: -1 } : m));
    expect(() => r02Record(declarant, 1, { ...lease, months: negative })).toThrow(RangeError);
  });

  it("truncates long text at the field's width", () => {
    const long = r02Record(declarant, 1, { ...lease, tenantName: "A".repeat(80) });
    expect(long).toHaveLength(R02_LENGTH);
    expect(at(long, 115, 60)).toBe("A".repeat(60));
  });
});

describe("the file", () => {
  it("is header, R01, the R02s numbered from 1, T9, each line ending in CR LF, plain ASCII", () => {
    const file = dimobFile(declarant, [lease, { ...lease, contractNumber: "43" }]);
    expect(file.endsWith(CRLF)).toBe(true);
    const lines = file.split(CRLF).slice(0, -1);
    expect(lines.map((l) => l.slice(0, 3))).toEqual(["DIM", "R01", "R02", "R02", "T9 "]);
    expect(lines.map((l) => l.length)).toEqual([HEADER_LENGTH, R01_LENGTH, R02_LENGTH, R02_LENGTH, T9_LENGTH]);
    expect(at(lines[2], 22, 5)).toBe("00001");
    expect(at(lines[3], 22, 5)).toBe("00002");
    expect(/^[\x20-\x7e\r\n]*$/.test(file)).toBe(true);
  });
});

describe("months and totals", () => {
  it("sums each month's payments by payment date, only the year's, with no tax withheld", () => {
    const m = monthsOf(2025, [
      { paymentDate: "2025-01-05", receivedCents: 100000, commissionCents: 10000 },
      { paymentDate: "2025-01-31", receivedCents: 5050, commissionCents: 505 },
      { paymentDate: "2025-12-10", receivedCents: 100000, commissionCents: 100000 },
      { paymentDate: "2024-12-31", receivedCents: 999, commissionCents: 99 },
    ]);
    expect(m[0]).toEqual({ rentCents: 105050, commissionCents: 10505, taxCents: 0 });
    expect(m[11]).toEqual({ rentCents: 100000, commissionCents: 100000, taxCents: 0 });
    expect(m.slice(1, 11).every((x) => x.rentCents === 0 && x.commissionCents === 0)).toBe(true);
    expect(dimobTotals([{ months: m }, { months }])).toEqual({
      contracts: 2,
      rentCents: 105050 + 100000 + 150000 + 123456789,
      commissionCents: 10505 + 100000 + 15000 + 1,
    });
  });
});

describe("text helpers", () => {
  it("removes accents and upper-cases", () => {
    expect(plainText("  Açaí  com\tpão – Nº 1ª ")).toBe("ACAI COM PAO - NO 1A");
  });
  it("finds the CEP and the UF in free text", () => {
    expect(cepOf("Rua A, 10, Três Lagoas - MS, 79601-000")).toBe("79601000");
    expect(cepOf("Rua A, 10")).toBe("");
    expect(ufOf("Três Lagoas - MS")).toBe("MS");
    expect(ufOf("Av. Antônio Trajano, 1000 - Centro, Três Lagoas - MS, 79601-000")).toBe("MS");
  });
});
