import { describe, expect, it } from "vitest";
import { cents } from "#app/models/shared/money";
import { statementLine, type ReceivedRent, type StatementDeduction, type StatementLine } from "./statement";
import { FIRST_RENT_NOTE, WITHHELD_NOTE, wordedDeduction, wordedLine, type WordedAmount } from "./statement-words";

// An owner statement's lines in words (issue 37, decision 0077): each rent's
// amounts with the sentence that says what they are, the fees from the real
// arithmetic (statementLine), and what the "+" and "−" amounts add up to
// being the line's transfer.

const rent = (over: Partial<ReceivedRent> = {}): ReceivedRent => ({
  billingId: 1,
  clientId: 1,
  tenantName: "Mariana Souza",
  monthYear: "2026-10",
  dueDate: "2026-10-10",
  paymentDate: "2026-10-08",
  receivedCents: cents(200_000),
  rentCents: cents(200_000),
  chargesCents: cents(0),
  adminFeeBp: 1000,
  firstRentFeeBp: 10_000,
  isFirstRent: false,
  ...over,
});

// What the worded amounts do to the transfer: "+" adds, "-" takes off, "=" is information.
const transferOf = (words: readonly WordedAmount[]) =>
  words.reduce((s, w) => (w.sign === "+" ? s + w.cents : w.sign === "-" ? s - w.cents : s), 0);

const RENT_LABEL = "Aluguel de outubro de 2026 recebido em 08/10/2026";
const ADMIN_ON_ALL = "Sobre tudo o que foi recebido neste pagamento, como o contrato de administração diz.";

describe("wordedLine", () => {
  it("a plain rent: the rent received, named by its month and payment day, and the administration fee with its rate", () => {
    const line = statementLine(rent());
    expect(line.adminFeeCents).toBe(20_000);
    expect(wordedLine(line)).toEqual([
      { label: RENT_LABEL, sign: "+", cents: 200_000, note: null },
      { label: "Taxa de administração (10%)", sign: "-", cents: 20_000, note: ADMIN_ON_ALL },
    ]);
  });

  it("an administration fee on the rent alone names that base, and a fractional rate", () => {
    const line = statementLine(
      rent({ feeBase: "rent", adminFeeBp: 850, receivedCents: cents(203_870), chargesCents: cents(3_870) }),
    );
    const fee = wordedLine(line).find((w) => w.label.startsWith("Taxa de administração"));
    expect(fee).toEqual({
      label: "Taxa de administração (8,5%)",
      sign: "-",
      cents: 17_000, // 8,5% of 2.000,00 (the rent without the 38,70 of multa e juros)
      note: "Sobre o aluguel, sem multa e juros, como o contrato de administração diz.",
    });
  });

  it("a first rent with a first-rent fee: the fee line with its note, and no administration fee", () => {
    const line = statementLine(rent({ isFirstRent: true, firstRentFeeBp: 10_000 }));
    expect(line).toMatchObject({ adminFeeCents: 0, firstRentFeeCents: 200_000, netCents: 0 });
    expect(wordedLine(line)).toEqual([
      { label: RENT_LABEL, sign: "+", cents: 200_000, note: null },
      { label: "Taxa do primeiro aluguel (100% do aluguel)", sign: "-", cents: 200_000, note: FIRST_RENT_NOTE },
    ]);
    const half = wordedLine(statementLine(rent({ isFirstRent: true, firstRentFeeBp: 5000 })));
    expect(half.map((w) => [w.label, w.sign, w.cents])).toEqual([
      [RENT_LABEL, "+", 200_000],
      ["Taxa do primeiro aluguel (50% do aluguel)", "-", 100_000],
    ]);
    expect(half.some((w) => w.label.startsWith("Taxa de administração"))).toBe(false);
  });

  it("a first rent whose fee is 0: the administration fee as on any other rent", () => {
    const words = wordedLine(statementLine(rent({ isFirstRent: true, firstRentFeeBp: 0 })));
    expect(words.map((w) => w.label)).toEqual([RENT_LABEL, "Taxa de administração (10%)"]);
  });

  it("a late payment: the rent, then multa e juros (the owner's) with the due day", () => {
    const line = statementLine(
      rent({ receivedCents: cents(203_870), chargesCents: cents(3_870), paymentDate: "2026-10-20" }),
    );
    const words = wordedLine(line);
    expect(words).toEqual([
      { label: "Aluguel de outubro de 2026 recebido em 20/10/2026", sign: "+", cents: 200_000, note: null },
      {
        label: "Multa e juros por atraso",
        sign: "+",
        cents: 3_870,
        note: "O aluguel venceu em 10/10/2026 e foi pago depois; multa e juros são seus.",
      },
      { label: "Taxa de administração (10%)", sign: "-", cents: 20_387, note: ADMIN_ON_ALL },
    ]);
  });

  it("a co-owner's share says whose part it is", () => {
    const line = statementLine(rent({ shareBp: 5000, receivedCents: cents(100_000), rentCents: cents(100_000) }));
    const [first] = wordedLine(line);
    expect(first).toEqual({ label: RENT_LABEL, sign: "+", cents: 100_000, note: "Sua quota de 50% do aluguel." });
    expect(wordedLine(statementLine(rent({ shareBp: 3333 })))[0].note).toBe("Sua quota de 33,33% do aluguel.");
  });

  it("IRRF a company tenant withheld: information (=), with its note; the fee on the rent before it", () => {
    // 2.000,00 of rent, 100,00 withheld, 1.900,00 received; 10% on 2.000,00.
    const line = statementLine(rent({ receivedCents: cents(190_000), withheldCents: cents(10_000) }));
    expect(line).toMatchObject({ adminFeeCents: 20_000, netCents: 170_000 });
    expect(wordedLine(line)).toEqual([
      { label: RENT_LABEL, sign: "+", cents: 190_000, note: null },
      { label: "IRRF retido pelo inquilino", sign: "=", cents: 10_000, note: WITHHELD_NOTE },
      // The base is the rent before the tax, which was never received: said so.
      {
        label: "Taxa de administração (10%)",
        sign: "-",
        cents: 20_000,
        note: "Sobre o aluguel (antes do IRRF retido), a multa e os juros, como o contrato de administração diz.",
      },
    ]);
  });

  it("charges beside the rent the tenant paid: passed on whole, without fee", () => {
    const line = statementLine(rent({ reimbursedCents: cents(35_000) }));
    expect(line).toMatchObject({ adminFeeCents: 20_000, netCents: 215_000 });
    expect(wordedLine(line).at(-1)).toEqual({
      label: "Encargos pagos pelo inquilino e repassados (IPTU, condomínio...)",
      sign: "+",
      cents: 35_000,
      note: "Repassados inteiros, sem taxa: não são rendimento de aluguel.",
    });
  });

  it("no line for what is zero: no multa e juros, no IRRF, no charges beside the rent, no fee at 0%", () => {
    const words = wordedLine(
      statementLine(rent({ adminFeeBp: 0, withheldCents: cents(0), reimbursedCents: cents(0) })),
    );
    expect(words.map((w) => w.label)).toEqual([RENT_LABEL]);
  });

  const cases: [string, Partial<ReceivedRent>][] = [
    ["plain", {}],
    ["fee base rent", { feeBase: "rent", receivedCents: cents(203_870), chargesCents: cents(3_870) }],
    ["first rent 100%", { isFirstRent: true }],
    [
      "first rent 50%, paid late",
      { isFirstRent: true, firstRentFeeBp: 5000, receivedCents: cents(204_001), chargesCents: cents(4_001) },
    ],
    ["first rent paid short", { isFirstRent: true, receivedCents: cents(150_000) }],
    ["late", { receivedCents: cents(203_870), chargesCents: cents(3_870) }],
    ["co-owner", { shareBp: 6000, receivedCents: cents(120_001), rentCents: cents(120_001) }],
    ["IRRF", { receivedCents: cents(190_000), withheldCents: cents(10_000) }],
    ["IRRF, first rent", { receivedCents: cents(190_000), withheldCents: cents(10_000), isFirstRent: true }],
    ["reimbursed", { reimbursedCents: cents(35_000) }],
    [
      "everything at once",
      {
        shareBp: 4000,
        feeBase: "rent",
        adminFeeBp: 833,
        receivedCents: cents(81_555),
        rentCents: cents(80_000),
        chargesCents: cents(1_555),
        withheldCents: cents(2_000),
        reimbursedCents: cents(12_345),
      },
    ],
  ];

  it.each(cases)("the + amounts minus the − amounts are the line's transfer (%s)", (_name, over) => {
    const line: StatementLine = statementLine(rent(over));
    expect(transferOf(wordedLine(line))).toBe(line.netCents);
    for (const w of wordedLine(line)) expect(w.cents).toBeGreaterThanOrEqual(0);
  });
});

describe("wordedDeduction", () => {
  const entry = (kind: StatementDeduction["kind"], amount: number, description: string): StatementDeduction => ({
    entryId: 7,
    kind,
    description,
    onDate: "2026-10-15",
    amountCents: cents(amount),
  });

  it("a deduction, an estorno and a carried balance come off the transfer, each with its note", () => {
    expect(wordedDeduction(entry("deduction", 32_000, "Conserto do chuveiro"))).toEqual({
      label: "Conserto do chuveiro",
      sign: "-",
      cents: 32_000,
      note: "Despesa paga pela imobiliária por sua conta.",
    });
    expect(wordedDeduction(entry("estorno", 150_000, "Estorno do aluguel de outubro"))).toEqual({
      label: "Estorno do aluguel de outubro",
      sign: "-",
      cents: 150_000,
      note: "Um pagamento já repassado foi devolvido ou cancelado; o valor volta para a imobiliária.",
    });
    expect(wordedDeduction(entry("carry", 3_500, "Saldo devedor do extrato nº 4"))).toEqual({
      label: "Saldo devedor do extrato nº 4",
      sign: "-",
      cents: 3_500,
      note: "Descontos que o extrato anterior não cobriu passam para este.",
    });
  });

  it("a cancelled deduction (below zero) gives back: +, its amount positive", () => {
    expect(wordedDeduction(entry("deduction", -32_000, "Cancelamento: Conserto do chuveiro"))).toEqual({
      label: "Cancelamento: Conserto do chuveiro",
      sign: "+",
      cents: 32_000,
      note: "Cancelamento de um desconto lançado antes.",
    });
  });
});
