import { describe, expect, it } from "vitest";
import { billingTxid, brCodeAmount, brCodeText, crc16, normalizePixKey, pixPayload } from "./pix";

describe("the Pix BR Code payload", () => {
  it("reproduces the BR Code manual's own example, CRC included", () => {
    const payload = pixPayload(
      { key: "123e4567-e12b-12d1-a456-426655440000", name: "Fulano de Tal", city: "BRASILIA" },
      0,
      "***",
    );
    expect(payload).toBe(
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
        "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
    );
  });

  it("computes the CRC16-CCITT-FALSE of a known string", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("writes the amount, the name and city without accents, and the billing's txid", () => {
    const payload = pixPayload(
      { key: "financeiro@LagoaImoveis.com.br", name: "Lagoa Imóveis Ltda. — Três Lagoas", city: "Três Lagoas" },
      160_550,
      billingTxid(42),
    );
    expect(payload).toContain("0130financeiro@lagoaimoveis.com.br");
    expect(payload).toContain("54071605.50");
    expect(payload).toContain("5924Lagoa Imoveis Ltda. Tres6011");
    expect(payload).toContain("6011Tres Lagoas");
    expect(payload).toContain("62090505COB42");
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });

  it("formats amounts and texts at their edges", () => {
    expect(brCodeAmount(1)).toBe("0.01");
    expect(brCodeAmount(100)).toBe("1.00");
    expect(brCodeAmount(1_000_000_000)).toBe("10000000.00");
    expect(brCodeText("São José do Rio Preto", 15)).toBe("Sao Jose do Rio");
    expect(brCodeText("Ação", 25)).toBe("Acao");
    expect(billingTxid(123456)).toMatch(/^[A-Za-z0-9]{1,25}$/);
  });

  it("writes keys as the DICT registers them", () => {
    expect(normalizePixKey("123.456.789-09")).toBe("12345678909");
    expect(normalizePixKey("12.345.678/0001-95")).toBe("12345678000195");
    expect(normalizePixKey("+5567999990000")).toBe("+5567999990000");
    expect(normalizePixKey("Pix@Agencia.com")).toBe("pix@agencia.com");
    expect(normalizePixKey("123E4567-E12B-12D1-A456-426655440000")).toBe("123e4567-e12b-12d1-a456-426655440000");
  });
});
