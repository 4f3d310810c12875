import { describe, expect, it } from "vitest";
import { formatCpfCnpj, isValidCnpj, isValidCpf, isValidCpfCnpj, normalizeCpfCnpj } from "./documents";

describe("CPF", () => {
  it("accepts valid check digits, with or without punctuation", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("111.444.777-35")).toBe(true);
  });
  it("refuses wrong digits, repeated digits and wrong lengths", () => {
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCpf("abc")).toBe(false);
  });
});

describe("CNPJ", () => {
  it("accepts numeric CNPJs", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
  });
  it("accepts the alphanumeric CNPJ (Receita Federal's example), any case", () => {
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12abc34501de35")).toBe(true);
  });
  it("refuses wrong digits, letters in the check digits and repeated characters", () => {
    expect(isValidCnpj("11.222.333/0001-82")).toBe(false);
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false);
    expect(isValidCnpj("12ABC34501DEA5")).toBe(false);
    expect(isValidCnpj("00000000000000")).toBe(false);
  });
});

describe("CPF or CNPJ", () => {
  it("judges by length and normalizes to digits and upper-case letters", () => {
    expect(isValidCpfCnpj("529.982.247-25")).toBe(true);
    expect(isValidCpfCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCpfCnpj("123")).toBe(false);
    expect(normalizeCpfCnpj(" 12.abc.345/01de-35 ")).toBe("12ABC34501DE35");
  });
  it("formats what is stored", () => {
    expect(formatCpfCnpj("52998224725")).toBe("529.982.247-25");
    expect(formatCpfCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCpfCnpj("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatCpfCnpj(null)).toBe("");
  });
});
