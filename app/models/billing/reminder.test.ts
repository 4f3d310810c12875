import { describe, expect, it } from "vitest";
import { reminderHref, reminderText } from "./reminder";

const base = {
  clientName: "Maria Aparecida Souza",
  monthYear: "2026-10",
  dueDate: "2026-10-05",
  totalCents: 153_300,
  agencyName: "Imobiliária Três Lagoas",
  pixPayload: "00020126580014br.gov.bcb.pix0136chave5204000053039865406153.005802BR6304ABCD",
};

describe("the overdue tenant's WhatsApp reminder", () => {
  it("says the month, the due day, the amount due today and the Pix code", () => {
    expect(reminderText(base)).toBe(
      [
        "Olá, Maria! Aqui é da Imobiliária Três Lagoas.",
        "O aluguel de outubro de 2026 venceu em 05/10/2026 e ainda não consta como pago.",
        "Valor para pagamento hoje: R$ 1.533,00 (com multa e juros).",
        "Pix copia e cola:",
        base.pixPayload,
        "Se já pagou, desconsidere esta mensagem.",
      ].join("\n"),
    );
    expect(reminderText({ ...base, pixPayload: null })).not.toContain("Pix");
  });

  it("is a wa.me link to the tenant's phone with the text, or nothing without a phone", () => {
    const href = reminderHref("(67) 99999-1234", base)!;
    expect(href.startsWith("https://wa.me/5567999991234?text=")).toBe(true);
    expect(decodeURIComponent(href.split("?text=")[1])).toBe(reminderText(base));
    expect(reminderHref(null, base)).toBeNull();
    expect(reminderHref("123", base)).toBeNull();
  });
});
