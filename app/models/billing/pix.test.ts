import { describe, expect, test } from "vitest";
import {
  billingIdFromTxid,
  billingTxid,
  crc16,
  isPlausiblePixKey,
  normalizePixKey,
  pixPayload,
  pixText,
  TXID_PATTERN,
} from "./pix";

// The example in the Central Bank's "Manual de Padrões para Iniciação do Pix"
// (a static code: random key, no amount, no txid).
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
  "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

// Reads a TLV string back into [id, value] pairs (and fails on a bad length).
function tlv(text: string): [string, string][] {
  const out: [string, string][] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len) || i + 4 + len > text.length) throw new Error(`bad TLV at ${i}`);
    out.push([id, text.slice(i + 4, i + 4 + len)]);
    i += 4 + len;
  }
  return out;
}

const fields = (payload: string) => Object.fromEntries(tlv(payload));

const AGENCY = { key: "12.345.678/0001-95", name: "Lagoa Imóveis Ltda.", city: "Três Lagoas" };

describe("pixPayload", () => {
  test("reproduces the manual's example, CRC 1D3D included", () => {
    const payload = pixPayload(
      { key: "123e4567-e12b-12d1-a456-426655440000", name: "Fulano de Tal", city: "BRASILIA" },
      0,
      "",
    );
    expect(payload).toBe(MANUAL_EXAMPLE);
    expect(payload.slice(-4)).toBe("1D3D");
  });

  test("a billing's code: every field in the manual's order, lengths and CRC consistent", () => {
    const payload = pixPayload(AGENCY, 160550, billingTxid(42));
    expect(tlv(payload).map(([id]) => id)).toEqual(["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    const f = fields(payload);
    expect(f["00"]).toBe("01");
    expect(fields(f["26"]!)).toEqual({ "00": "br.gov.bcb.pix", "01": "12345678000195" });
    expect(f["52"]).toBe("0000");
    expect(f["53"]).toBe("986");
    expect(f["54"]).toBe("1605.50");
    expect(f["58"]).toBe("BR");
    expect(f["59"]).toBe("Lagoa Imoveis Ltda.");
    expect(f["60"]).toBe("Tres Lagoas");
    expect(fields(f["62"]!)).toEqual({ "05": "COBRANCA42" });
    expect(f["63"]).toBe(crc16(payload.slice(0, -4)));
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
  });

  test("amounts in reais with a dot and two decimals, from integer centavos", () => {
    const amount = (cents: number) => fields(pixPayload(AGENCY, cents, "X"))["54"];
    expect(amount(1)).toBe("0.01");
    expect(amount(10)).toBe("0.10");
    expect(amount(100)).toBe("1.00");
    expect(amount(160550)).toBe("1605.50");
    expect(amount(1_000_000_000)).toBe("10000000.00");
    expect(amount(999_999_999_999)).toBe("9999999999.99");
    // 0: no field 54, the payer's app asks for the amount (the manual's example).
    expect(amount(0)).toBeUndefined();
  });

  test("refuses amounts that are not whole non-negative centavos or do not fit 13 characters", () => {
    expect(() => pixPayload(AGENCY, -1, "X")).toThrow(RangeError);
    expect(() => pixPayload(AGENCY, 10.5, "X")).toThrow(RangeError);
    expect(() => pixPayload(AGENCY, Number.NaN, "X")).toThrow(RangeError);
    expect(() => pixPayload(AGENCY, 1_000_000_000_000, "X")).toThrow(RangeError);
  });

  test("name and city lose their accents and are cut to 25 and 15", () => {
    const f = fields(
      pixPayload(
        { key: "a@b.com.br", name: "Imobiliária São João & Filhos Administração", city: "São José do Rio Preto" },
        100,
        "X",
      ),
    );
    expect(f["59"]).toBe("Imobiliaria Sao Joao & Fi");
    expect(f["60"]).toBe("Sao Jose do Rio");
  });

  test("txid: letters and digits only, at most 25, *** when none", () => {
    expect(fields(fields(pixPayload(AGENCY, 100, "ab-c_1 2"))["62"]!)["05"]).toBe("abc12");
    expect(fields(fields(pixPayload(AGENCY, 100, "A".repeat(30)))["62"]!)["05"]).toBe("A".repeat(25));
    expect(fields(fields(pixPayload(AGENCY, 100, "---"))["62"]!)["05"]).toBe("***");
  });

  test("a key that is no DICT key still makes a well-formed code", () => {
    const payload = pixPayload({ key: "  chave inválida com espaços  ", name: "", city: "" }, 100, "X");
    const f = fields(payload);
    expect(fields(f["26"]!)["01"]).toBe("chaveinvlidacomespaos");
    expect(f["59"]).toBe("Recebedor");
    expect(f["60"]).toBe("Brasil");
    expect(f["63"]).toBe(crc16(payload.slice(0, -4)));
    const long = pixPayload({ ...AGENCY, key: "x".repeat(200) }, 100, "X");
    expect(fields(fields(long)["26"]!)["01"]).toHaveLength(77);
  });
});

describe("crc16 (CCITT-FALSE)", () => {
  test("the algorithm's check value and the manual's example", () => {
    expect(crc16("123456789")).toBe("29B1");
    expect(crc16("")).toBe("FFFF");
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });

  test("four upper-case hex digits, zero-padded", () => {
    for (const s of ["A", "Pix", "000201", "x".repeat(100)]) expect(crc16(s)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe("pixText", () => {
  test("strips accents and cedillas, keeps case and punctuation", () => {
    expect(pixText("Três Lagoas", 15)).toBe("Tres Lagoas");
    expect(pixText("AÇÃO Imóveis Ltda.", 25)).toBe("ACAO Imoveis Ltda.");
    expect(pixText("  Lagoa\tImóveis  ", 25)).toBe("Lagoa Imoveis");
    expect(pixText("Ødegaard – Æ", 25)).toBe("degaard");
  });

  test("cuts to the maximum without a trailing space", () => {
    expect(pixText("Lagoa Imoveis Tres Lagoas Ltda", 25)).toBe("Lagoa Imoveis Tres Lagoas");
    expect(pixText("Lagoa Imoveis Tres Lagoa X", 25)).toBe("Lagoa Imoveis Tres Lagoa");
  });
});

describe("normalizePixKey and isPlausiblePixKey", () => {
  test.each([
    ["Contato@LagoaImoveis.com.br", "contato@lagoaimoveis.com.br", true],
    ["123e4567-e12b-12d1-a456-426655440000", "123e4567-e12b-12d1-a456-426655440000", true],
    ["+55 (67) 99999-1234", "+5567999991234", true],
    ["(67) 3521-1234", "+556735211234", true],
    ["123.456.789-09", "12345678909", true],
    ["12345678909", "12345678909", true],
    ["12.345.678/0001-95", "12345678000195", true],
    ["12.ABC.345/01DE-35", "12ABC34501DE35", true],
    ["123.456.789-00", "12345678900", false], // wrong check digits
    ["+1 555 123 4567", "+15551234567", false], // the DICT holds Brazilian numbers only
    ["lagoa imoveis", "lagoaimoveis", false],
    ["contato@", "contato@", false],
    ["", "", false],
  ])("%s → %s (plausible: %s)", (raw, normalized, plausible) => {
    expect(normalizePixKey(raw)).toBe(normalized);
    expect(isPlausiblePixKey(raw)).toBe(plausible);
  });
});

describe("billingTxid", () => {
  test("unique per billing, letters and digits, at most 25", () => {
    expect(billingTxid(1)).toBe("COBRANCA1");
    expect(billingTxid(42)).toBe("COBRANCA42");
    expect(billingTxid(42)).not.toBe(billingTxid(421));
    for (const id of [1, 42, 999_999, Number.MAX_SAFE_INTEGER]) {
      expect(billingTxid(id)).toMatch(TXID_PATTERN);
      expect(billingTxid(id).length).toBeLessThanOrEqual(25);
      expect(billingIdFromTxid(billingTxid(id))).toBe(id);
    }
  });

  test("refuses what is not a billing id; reads back only its own txids", () => {
    for (const id of [0, -1, 1.5, Number.NaN]) expect(() => billingTxid(id)).toThrow(RangeError);
    expect(billingIdFromTxid("***")).toBeNull();
    expect(billingIdFromTxid("COBRANCA0")).toBeNull();
    expect(billingIdFromTxid("COBRANCA")).toBeNull();
    expect(billingIdFromTxid("PEDIDO42")).toBeNull();
  });

  test("survives the payload untouched", () => {
    expect(fields(fields(pixPayload(AGENCY, 100, billingTxid(7)))["62"]!)["05"]).toBe("COBRANCA7");
  });
});
