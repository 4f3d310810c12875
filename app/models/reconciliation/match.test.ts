import { describe, expect, it } from "vitest";
import { chargesOn } from "#app/models/billing/charges";
import { bankBarcodeToLine, buildBankBarcode } from "#app/models/boletos/boleto-line";
import { matchCredits, type CreditToMatch, type OpenBilling } from "./match";
import { normalizeName } from "./payer";
import { cents } from "#app/models/shared/money";

// The three rules of docs/decisions/0036-matching-credits.md at their edges.

const billing = (over: Partial<OpenBilling> & { id: number }): OpenBilling => ({
  client_name: "Maria Aparecida Souza",
  cpf_cnpj: "529.982.247-25",
  due_date: "2026-11-10",
  grace_until: over.due_date ?? "2026-11-10",
  amount_cents: cents(150_000),
  late_fee_bp: 1000,
  monthly_interest_bp: 100,
  digitable_lines: [],
  // Nothing paid into it: it owes its amount (the ledger's projection).
  open_cents: over.amount_cents ?? 150_000,
  rent_open_cents: over.amount_cents ?? 150_000,
  accrued_through: null,
  ...over,
});

let seq = 0;
const credit = (over: Partial<CreditToMatch>): CreditToMatch => ({
  key: `k${++seq}`,
  date: "2026-11-09",
  amountCents: cents(150_000),
  memo: "",
  payerName: null,
  payerDoc: null,
  reference: null,
  documentNumber: null,
  ...over,
});

// A bank boleto whose free field carries an Itaú-like nosso número.
const boletoLine = (nossoNumero: string, amountCents = 150_000) =>
  bankBarcodeToLine(
    buildBankBarcode({
      bank: "341",
      dueDate: "2026-11-10",
      amountCents,
      freeField: `109${nossoNumero}${"3"}${"0057"}${"12345"}${"6"}000`,
    }),
  );

describe("exact: the billing's own reference and the amount due", () => {
  it("finds the Pix txid as a whole token, never a prefix or a longer number", () => {
    const bs = [billing({ id: 4 }), billing({ id: 42 }), billing({ id: 420 })];
    const [m42, m4] = matchCredits(
      [credit({ memo: "PIX RECEBIDO COBRANCA42 MARIA" }), credit({ memo: "pix cobranca4" })],
      bs,
    );
    expect(m42).toMatchObject({ kind: "exact", billingId: 42, reason: "txid", differenceCents: 0 });
    expect(m4).toMatchObject({ kind: "exact", billingId: 4 });
    expect(matchCredits([credit({ memo: "COBRANCA4200" })], bs)[0]!.kind).toBe("none");
    expect(matchCredits([credit({ memo: "XCOBRANCA42" })], bs)[0]!.kind).toBe("none");
  });

  it("tolerates R$ 0,05 and no more: 6 centavos short is only probable, with its difference", () => {
    const bs = [billing({ id: 7 })];
    expect(matchCredits([credit({ memo: "COBRANCA7", amountCents: cents(149_995) })], bs)[0]).toMatchObject({
      kind: "exact",
      differenceCents: -5,
    });
    expect(matchCredits([credit({ memo: "COBRANCA7", amountCents: cents(149_994) })], bs)[0]).toMatchObject({
      kind: "probable",
      billingId: 7,
      reason: "txid",
      differenceCents: -6,
    });
    expect(matchCredits([credit({ memo: "COBRANCA7", amountCents: cents(150_006) })], bs)[0]!.kind).toBe("probable");
  });

  it("compares with the amount due on the credit's date: multa and juros of a late payment", () => {
    const b = billing({ id: 9, due_date: "2026-11-10" });
    const due = chargesOn(b, "2026-11-16").total; // 150000 + 15000 + 300
    expect(due).toBe(165_300);
    expect(matchCredits([credit({ memo: "COBRANCA9", date: "2026-11-16", amountCents: due })], [b])[0]).toMatchObject({
      kind: "exact",
      dueCents: 165_300,
    });
    // The bare rent, paid late, is short by the multa and juros.
    expect(
      matchCredits([credit({ memo: "COBRANCA9", date: "2026-11-16", amountCents: cents(150_000) })], [b])[0],
    ).toMatchObject({ kind: "probable", differenceCents: -15_300 });
  });

  it("compares a billing paid in part with what it still owes, not with its amount", () => {
    // 1.500,00 due the 10th, 1.000,00 paid on the 5th: 500,00 of rent open; on
    // the 16th the multa (10% of the open rent) and 6 days of juros on it.
    const b = billing({ id: 11, open_cents: 50_000, rent_open_cents: 50_000 });
    expect(matchCredits([credit({ memo: "COBRANCA11", amountCents: cents(50_000) })], [b])[0]).toMatchObject({
      kind: "exact",
      dueCents: 50_000,
      differenceCents: 0,
    });
    expect(
      matchCredits([credit({ memo: "COBRANCA11", date: "2026-11-16", amountCents: cents(55_100) })], [b])[0],
    ).toMatchObject({ kind: "exact", dueCents: 55_100 });
    expect(matchCredits([credit({ memo: "COBRANCA11", amountCents: cents(150_000) })], [b])[0]).toMatchObject({
      kind: "probable",
      differenceCents: 100_000,
    });
  });

  it("finds a CNAB nosso número in the boleto's free field, with or without zeros and check digit", () => {
    const b = billing({ id: 11, digitable_lines: [boletoLine("00012345")] });
    const other = billing({ id: 12, digitable_lines: [boletoLine("00098765")] });
    for (const reference of ["00012345", "000000000000123453", "0001234-5"]) {
      const [m] = matchCredits([credit({ reference })], [b, other]);
      expect(m, reference).toMatchObject({ kind: "exact", billingId: 11, reason: "boleto" });
    }
    // Too short to mean anything: five digits appear anywhere.
    expect(matchCredits([credit({ reference: "12345" })], [b, other])[0]!.kind).toBe("none");
  });

  it("gives nothing for a reference that points at two billings", () => {
    const a = billing({ id: 21, digitable_lines: [boletoLine("00055555")] });
    const b = billing({ id: 22, digitable_lines: [boletoLine("00055555")] });
    expect(matchCredits([credit({ reference: "00055555" })], [a, b])[0]!.kind).toBe("none");
  });

  it("lets one credit pay a billing: a second credit naming it falls to the other rules", () => {
    const b = billing({ id: 31 });
    const [first, second] = matchCredits([credit({ memo: "COBRANCA31" }), credit({ memo: "COBRANCA31" })], [b]);
    expect(first).toMatchObject({ kind: "exact", billingId: 31 });
    expect(second!.kind).toBe("none");
  });
});

describe("probable: the amount due, the payer and the date", () => {
  const maria = billing({ id: 50 });

  it("matches the payer's name without accents, case or the bank's cut", () => {
    for (const memo of [
      "PIX RECEBIDO - MARIA APARECIDA SOUZA",
      "TED 001 maria souza",
      "PIX REC MARIA APARECIDA SOU",
      "Pix de María A. Souza",
    ]) {
      expect(matchCredits([credit({ memo })], [maria])[0], memo).toMatchObject({
        kind: "probable",
        billingId: 50,
        reason: "name",
        differenceCents: 0,
      });
    }
  });

  it("does not take someone who shares only the first names, or a one-word name", () => {
    expect(matchCredits([credit({ memo: "PIX RECEBIDO MARIA PEREIRA" })], [maria])[0]!.kind).toBe("none");
    expect(matchCredits([credit({ memo: "PIX RECEBIDO MARIA APARECIDA FERREIRA" })], [maria])[0]!.kind).toBe("none");
    expect(matchCredits([credit({ memo: "PIX RECEBIDO MARIA APARECIDA" })], [maria])[0]!.kind).toBe("none");
    const ana = billing({ id: 51, client_name: "Ana", cpf_cnpj: null });
    expect(matchCredits([credit({ memo: "PIX RECEBIDO ANA" })], [ana])[0]!.kind).toBe("none");
  });

  it("matches the CPF, whole or masked as Pix statements show it, when every visible digit agrees", () => {
    expect(matchCredits([credit({ memo: "PIX 529.982.247-25" })], [maria])[0]).toMatchObject({ reason: "document" });
    expect(matchCredits([credit({ memo: "PIX RECEBIDO ***.982.247-**" })], [maria])[0]).toMatchObject({
      reason: "document",
    });
    expect(matchCredits([credit({ memo: "PIX RECEBIDO ***.982.248-**" })], [maria])[0]!.kind).toBe("none");
    expect(matchCredits([credit({ payerDoc: "52998224725", payerName: "M A S" })], [maria])[0]).toMatchObject({
      reason: "document",
    });
    // The bank says the payer is someone else (a namesake): the name does not count.
    expect(
      matchCredits([credit({ payerDoc: "11144477735", payerName: "MARIA APARECIDA SOUZA" })], [maria])[0]!.kind,
    ).toBe("none");
  });

  it("finds the tenant's CPF or CNPJ in a memo, as digits or formatted, whole or not at all", () => {
    const empresa = billing({ id: 60, client_name: "Pereira Materiais Ltda", cpf_cnpj: "11222333000181" });
    for (const memo of [
      "TED RECEBIDA 11.222.333/0001-81",
      "PIX RECEBIDO 11222333000181 PAGAMENTO",
      "pix de 11.222.333/0001-81",
    ]) {
      expect(matchCredits([credit({ memo })], [empresa])[0], memo).toMatchObject({
        kind: "probable",
        billingId: 60,
        reason: "document",
      });
    }
    // A CPF as digits; one digit off is someone else.
    expect(matchCredits([credit({ memo: "PIX 52998224725" })], [maria])[0]).toMatchObject({ reason: "document" });
    expect(matchCredits([credit({ memo: "PIX 52998224726" })], [maria])[0]!.kind).toBe("none");
  });

  it("proposes the named tenant's oldest open billing when no amount or date fits, with its difference", () => {
    // Pereira paid late, with a round sum: neither the rent nor the amount due on the day.
    const october = billing({
      id: 61,
      cpf_cnpj: "11222333000181",
      due_date: "2026-10-05",
      amount_cents: cents(420_000),
    });
    const november = billing({
      id: 62,
      cpf_cnpj: "11222333000181",
      due_date: "2026-11-05",
      amount_cents: cents(420_000),
    });
    const [m] = matchCredits(
      [credit({ memo: "TED 11.222.333/0001-81 PEREIRA MAT", date: "2026-11-09", amountCents: cents(420_000) })],
      [november, october],
    );
    expect(m).toMatchObject({ kind: "probable", reason: "document", billingId: 61 });
    expect(m!.differenceCents).toBe(cents(420_000) - chargesOn(october, "2026-11-09").total);
    // The other billing goes to a second credit of the same tenant.
    const both = matchCredits(
      [
        credit({ memo: "TED 11222333000181", date: "2026-11-09", amountCents: cents(400_000) }),
        credit({ memo: "TED 11222333000181", date: "2026-11-09", amountCents: cents(400_000) }),
      ],
      [november, october],
    );
    expect(both.map((x) => x.billingId)).toEqual([61, 62]);
    // The CNAB payer's document counts the same.
    expect(
      matchCredits(
        [credit({ payerDoc: "11222333000181", payerName: "PMC", amountCents: cents(1_000) })],
        [november],
      )[0],
    ).toMatchObject({ kind: "probable", billingId: 62, reason: "document" });
  });

  it("names no one when the memo holds two tenants' documents, and ignores documents of nobody", () => {
    const a = billing({ id: 63, cpf_cnpj: "52998224725", amount_cents: cents(90_000) });
    const b = billing({ id: 64, cpf_cnpj: "11144477735", amount_cents: cents(80_000) });
    expect(
      matchCredits([credit({ memo: "PIX 529.982.247-25 P/ 111.444.777-35", amountCents: cents(1_000) })], [a, b])[0]!
        .kind,
    ).toBe("none");
    // The agency's own CNPJ beside the tenant's CPF: the tenant.
    expect(
      matchCredits(
        [credit({ memo: "TED 529.982.247-25 P/ 12.345.678/0001-95", amountCents: cents(1_000) })],
        [a, b],
      )[0],
    ).toMatchObject({ billingId: 63, reason: "document" });
  });

  it("reads an alphanumeric CNPJ (issued from July 2026), formatted or not", () => {
    const nova = billing({ id: 65, client_name: "Nova Empresa", cpf_cnpj: "12ABC34501DE35" });
    expect(matchCredits([credit({ memo: "TED 12.ABC.345/01DE-35" })], [nova])[0]).toMatchObject({
      billingId: 65,
      reason: "document",
    });
    expect(matchCredits([credit({ memo: "pix 12abc34501de35" })], [nova])[0]).toMatchObject({ billingId: 65 });
  });

  it("needs the amount due: a name alone with another amount is not a match", () => {
    expect(
      matchCredits([credit({ memo: "MARIA APARECIDA SOUZA", amountCents: cents(140_000) })], [maria])[0]!.kind,
    ).toBe("none");
  });

  it("looks 10 days around the due date and no further", () => {
    const memo = "PIX MARIA APARECIDA SOUZA";
    // Ten days early pays the rent; ten days late pays rent, multa and 10 days of juros.
    expect(matchCredits([credit({ memo, date: "2026-10-31" })], [maria])[0]!.kind).toBe("probable");
    expect(matchCredits([credit({ memo, date: "2026-10-30" })], [maria])[0]!.kind).toBe("none");
    const late = chargesOn(maria, "2026-11-20").total;
    expect(matchCredits([credit({ memo, date: "2026-11-20", amountCents: late })], [maria])[0]!.kind).toBe("probable");
    const later = chargesOn(maria, "2026-11-21").total;
    expect(matchCredits([credit({ memo, date: "2026-11-21", amountCents: later })], [maria])[0]!.kind).toBe("none");
  });

  it("finds the month whose window holds the credit among the tenant's others, whatever their order", () => {
    // Issue 34: each name's billings are read by due date, a window a credit.
    const memo = "PIX MARIA APARECIDA SOUZA";
    const months = ["2026-09-10", "2026-10-10", "2026-11-10", "2026-12-10"].map((due_date, i) =>
      billing({ id: 70 + i, due_date }),
    );
    for (const list of [months, [...months].reverse()])
      expect(
        matchCredits(
          [credit({ memo, date: "2026-10-12", amountCents: chargesOn(months[1]!, "2026-10-12").total })],
          list,
        )[0],
      ).toMatchObject({
        kind: "probable",
        billingId: 71,
      });
  });

  it("gives each billing to the credit closest to its due date", () => {
    const memo = "PIX MARIA APARECIDA SOUZA";
    const [far, near] = matchCredits(
      [credit({ memo, date: "2026-11-02" }), credit({ memo, date: "2026-11-09" })],
      [maria],
    );
    expect(far!.kind).toBe("none");
    expect(near).toMatchObject({ kind: "probable", billingId: 50 });
  });

  it("never matches a debit", () => {
    expect(matchCredits([credit({ memo: "COBRANCA50", amountCents: cents(-150_000) })], [maria])[0]!.kind).toBe("none");
  });
});

describe("normalizeName", () => {
  it("strips accents, case and punctuation", () => {
    expect(normalizeName("  João  da Silva-Souza, Jr. ")).toBe("JOAO DA SILVA SOUZA JR");
  });
});
