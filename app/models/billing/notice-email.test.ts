import { describe, expect, it } from "vitest";
import { chargesOn } from "./charges";
import { chargeNoticeEmail, overdueReminderEmail, receiptNoticeEmail } from "./notice-email";
import { cents } from "#app/models/shared/money";

const billing = {
  amount_cents: cents(185000),
  due_date: "2026-10-10",
  grace_until: "2026-10-10",
  late_fee_bp: 1000,
  monthly_interest_bp: 100,
};
const base = {
  agencyName: "Lagoa Imóveis",
  clientName: "Mariana <b>Lima</b>",
  month_year: "2026-10",
  due_date: "2026-10-10",
  grace_until: "2026-10-10",
  pix: "00020126...6304ABCD",
  link: "http://localhost:3000/client-area?tab=cobranca",
};

describe("notice emails", () => {
  it("announces a billing with its period, amount, due date, Pix and link", () => {
    const today = "2026-09-20";
    const mail = chargeNoticeEmail("issued", { ...base, today, charges: chargesOn(billing, today) });
    expect(mail.subject).toBe("Cobrança disponível: aluguel de outubro de 2026");
    expect(mail.text).toContain("Período: outubro de 2026\nValor: R$ 1.850,00\nVencimento: 10/10/2026");
    expect(mail.text).toContain("Pix Copia e Cola (R$ 1.850,00)");
    expect(mail.text).toContain("00020126...6304ABCD");
    expect(mail.text).toContain("http://localhost:3000/client-area?tab=cobranca");
    expect(mail.text).toContain("Lagoa Imóveis");
  });

  it("reminds with the due date in the subject, and says 'hoje' on the day", () => {
    const mail = chargeNoticeEmail("reminder", {
      ...base,
      today: "2026-10-10",
      charges: chargesOn(billing, "2026-10-10"),
    });
    expect(mail.subject).toBe("Lembrete: aluguel de outubro de 2026 vence em 10/10/2026");
    expect(mail.text).toContain("vence hoje, 10/10/2026");
  });

  it("itemizes the amount due on the day it is sent", () => {
    const today = "2026-10-22"; // 12 days late: 10% + 1% × 12/30
    const mail = chargeNoticeEmail("overdue", { ...base, today, charges: chargesOn(billing, today) });
    expect(mail.subject).toBe("Cobrança em atraso: aluguel de outubro de 2026");
    expect(mail.text).toContain(
      "Aluguel: R$ 1.850,00\nMulta (10%): R$ 185,00\nJuros (12 dias): R$ 7,40\nTotal a pagar hoje: R$ 2.042,40",
    );
    expect(mail.text).toContain("Valor para pagamento hoje, 22/10/2026:");
    expect(mail.text).toContain("Pix Copia e Cola (R$ 2.042,40)");
  });

  it("the staff's overdue reminder: the month, the amount due today itemized, its Pix and the agency", () => {
    const today = "2026-10-22";
    const mail = overdueReminderEmail({ ...base, today, charges: chargesOn(billing, today) });
    expect(mail.subject).toBe("Lembrete: aluguel de outubro de 2026 em atraso");
    expect(mail.text).toContain(
      "o aluguel de outubro de 2026, com vencimento em 10/10/2026, ainda não consta como pago",
    );
    expect(mail.text).toContain(
      "Aluguel: R$ 1.850,00\nMulta (10%): R$ 185,00\nJuros (12 dias): R$ 7,40\nTotal a pagar hoje: R$ 2.042,40",
    );
    expect(mail.text).toContain("Pix Copia e Cola (R$ 2.042,40)");
    expect(mail.text).toContain("00020126...6304ABCD");
    expect(mail.text).toContain("Atenciosamente,\nLagoa Imóveis");
    expect(mail.html).toContain("Olá, Mariana &lt;b&gt;Lima&lt;/b&gt;.");
    expect(overdueReminderEmail({ ...base, pix: null, today, charges: chargesOn(billing, today) }).text).not.toContain(
      "Pix",
    );
  });

  it("leaves the Pix out without a key, and escapes every value in the HTML", () => {
    const mail = chargeNoticeEmail("issued", {
      ...base,
      pix: null,
      today: "2026-09-20",
      charges: chargesOn(billing, "2026-09-20"),
    });
    expect(mail.text).not.toContain("Pix");
    expect(mail.html).toContain("Olá, Mariana &lt;b&gt;Lima&lt;/b&gt;.");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain('<a href="http://localhost:3000/client-area?tab=cobranca">');
  });

  it("sends the receipt with its number and the items as paid", () => {
    const mail = receiptNoticeEmail({
      ...base,
      receipt: {
        id: 42,
        payment_date: "2026-10-13",
        days_late: 3,
        late_fee_bp: 1000,
        rent_cents: 185000,
        late_fee_cents: 18500,
        interest_cents: 1850,
        adjustment_cents: -350,
        total_cents: 205000,
      },
    });
    expect(mail.subject).toBe("Recibo de Aluguel nº 42");
    expect(mail.text).toContain("recebeu o pagamento do aluguel de outubro de 2026 em 13/10/2026");
    expect(mail.text).toContain(
      "Aluguel: R$ 1.850,00\nMulta (10%): R$ 185,00\nJuros (3 dias): R$ 18,50\nDesconto: - R$ 3,50\nTotal pago: R$ 2.050,00",
    );
  });

  it("a partial payment's receipt says it settles only what it lists and what stays open", () => {
    const mail = receiptNoticeEmail({
      ...base,
      receipt: {
        id: 43,
        payment_date: "2026-10-05",
        days_late: 0,
        late_fee_bp: 1000,
        rent_cents: 40000,
        late_fee_cents: 0,
        interest_cents: 0,
        adjustment_cents: 0,
        total_cents: 40000,
        open_after_cents: 60000,
      },
    });
    expect(mail.text).toContain("Aluguel (parte): R$ 400,00\nTotal pago: R$ 400,00\nSaldo em aberto: R$ 600,00");
    expect(mail.text).toContain(
      "Este recibo quita somente os valores acima. Permanece em aberto o saldo de R$ 600,00 do aluguel de outubro de 2026",
    );
    expect(mail.text).not.toContain("Desconto");
  });
});
