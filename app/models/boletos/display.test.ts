import { describe, expect, it } from "vitest";
import { bankBarcodeToLine, buildBankBarcode } from "./boleto-line";
import {
  billingName,
  boletoSourceLabel,
  duplicateLineMessage,
  formatDigitableLine,
  joinNotice,
  processedText,
  slipLabel,
  slipsFromParam,
  slipsNotice,
} from "./display";

describe("formatDigitableLine", () => {
  it("groups a bank line as printed on the boleto", () => {
    expect(formatDigitableLine("00190000090123456789012345678901110000000125000")).toBe(
      "00190.00009 01234.567890 12345.678901 1 10000000125000",
    );
  });
  it("groups a collection line in four blocks with their check digits", () => {
    expect(formatDigitableLine("836200000005667800481000180975657313001589636081")).toBe(
      "83620000000-5 66780048100-0 18097565731-3 00158963608-1",
    );
  });
  it("shows nothing without a line and anything else as it is", () => {
    expect(formatDigitableLine(null)).toBeNull();
    expect(formatDigitableLine("123")).toBe("123");
  });
});

describe("boletoSourceLabel", () => {
  it("says where the values came from, in Portuguese", () => {
    expect(boletoSourceLabel("line")).toMatch(/^linha digitável/);
    expect(boletoSourceLabel(null)).toBe("nada foi encontrado no arquivo");
    expect(boletoSourceLabel("other")).toBe("other");
  });
});

describe("processedText", () => {
  const none = { created: [], joined: [], amountsUpdated: [], skipped: 0, duplicates: 0 };
  it("counts the billings created and the boletos that joined existing ones", () => {
    expect(processedText({ ...none, created: [1, 2], joined: [3] })).toEqual({
      done: "2 cobranças criadas com o boleto anexado e 1 boleto anexado a uma cobrança existente.",
      left: "",
    });
    expect(processedText({ ...none, joined: [3, 4], amountsUpdated: [3] }).done).toBe(
      "2 boletos anexados a cobranças existentes (1 valor atualizado).",
    );
  });
  it("says what stays on the list, and nothing done when nothing was", () => {
    expect(processedText({ ...none, skipped: 2, duplicates: 1 })).toEqual({
      done: null,
      left: "2 boletos sem vencimento, valor ou mês continuam na lista. 1 boleto com linha digitável já registrada continua na lista.",
    });
  });
});

describe("the review page's words", () => {
  const billing = { id: 1, month_year: "2026-10", due_date: "2026-10-05", status: "pending", amount_cents: 150000 };
  it("names the billing a boleto joins", () => {
    expect(joinNotice(billing)).toBe(
      "Já existe a cobrança de outubro de 2026 (R$ 1.500,00, vencimento 05/10/2026): o boleto será anexado a ela.",
    );
    expect(billingName({ ...billing, status: "paid" })).toContain(", paga)");
  });
  it("names where a repeated line is registered", () => {
    expect(duplicateLineMessage({ kind: "billing", client_name: "Ana Souza", month_year: "2026-10" })).toMatch(
      /^Este boleto já foi registrado: a mesma linha digitável está na cobrança de outubro de 2026 de Ana Souza\./,
    );
    expect(duplicateLineMessage({ kind: "queued", client_name: "Ana", file_name: "b.pdf" })).toContain(
      "em outro boleto aguardando processamento (b.pdf, de Ana)",
    );
  });
});

describe("the slips of a carnê page", () => {
  const first = bankBarcodeToLine(
    buildBankBarcode({
      bank: "237",
      dueDate: "2026-12-10",
      amountCents: 98000,
      freeField: "3381090000004567890012341",
    }),
  );
  const second = bankBarcodeToLine(
    buildBankBarcode({
      bank: "237",
      dueDate: "2027-01-10",
      amountCents: 101500,
      freeField: "3381090000004567890012342",
    }),
  );

  it("lists the lines of the address whose check digits hold, with what each says", () => {
    expect(slipsFromParam(`${first},${second}`, "2026-11-22")).toEqual([
      { index: 0, line: first, dueDate: "2026-12-10", amountCents: 98000 },
      { index: 1, line: second, dueDate: "2027-01-10", amountCents: 101500 },
    ]);
    expect(slipLabel(slipsFromParam(`${first},${second}`, "2026-11-22")[1])).toBe(
      "Boleto 2: vencimento 10/01/2027, R$ 1.015,00",
    );
  });

  it("lists nothing for one line, a broken line or none", () => {
    expect(slipsFromParam(first, "2026-11-22")).toEqual([]);
    expect(slipsFromParam(`${first},${second.slice(0, 46)}${(Number(second[46]) + 1) % 10}`, "2026-11-22")).toEqual([]);
    expect(slipsFromParam(null, "2026-11-22")).toEqual([]);
  });

  it("says how many and which one is used", () => {
    expect(slipsNotice(3, 0)).toBe("3 boletos nesta página; lido o primeiro");
    expect(slipsNotice(3, 2)).toBe("3 boletos nesta página; usado o 3º");
  });
});
