import { describe, expect, it } from "vitest";
import { ownerMonth, statementLine, type ReceivedRent } from "./statement";
import { cents } from "#app/models/shared/money";

const rent = (over: Partial<ReceivedRent> = {}): ReceivedRent => ({
  billingId: 1,
  clientId: 1,
  tenantName: "Mariana",
  monthYear: "2026-10",
  dueDate: "2026-10-10",
  paymentDate: "2026-10-08",
  receivedCents: cents(185_000),
  rentCents: cents(185_000),
  chargesCents: cents(0),
  adminFeeBp: 1000,
  firstRentFeeBp: 10_000,
  isFirstRent: false,
  ...over,
});

describe("an owner's month", () => {
  it("takes the administration fee on everything received, multa and juros included", () => {
    const line = statementLine(
      rent({ receivedCents: cents(203_870), rentCents: cents(185_000), chargesCents: cents(18_870) }),
    );
    expect(line).toMatchObject({ adminFeeCents: 20_387, firstRentFeeCents: 0, netCents: 183_483 });
  });

  it("keeps the first rent (100%) instead of the administration fee, or a part of it", () => {
    expect(statementLine(rent({ isFirstRent: true }))).toMatchObject({
      adminFeeCents: 0,
      firstRentFeeCents: 185_000,
      netCents: 0,
    });
    expect(statementLine(rent({ isFirstRent: true, firstRentFeeBp: 5000 }))).toMatchObject({
      firstRentFeeCents: 92_500,
      netCents: 92_500,
    });
    // 0 turns it off: the first rent pays the administration fee like any other.
    expect(statementLine(rent({ isFirstRent: true, firstRentFeeBp: 0 }))).toMatchObject({
      adminFeeCents: 18_500,
      firstRentFeeCents: 0,
    });
    // Never more than was received.
    expect(statementLine(rent({ isFirstRent: true, receivedCents: cents(100_000) })).firstRentFeeCents).toBe(100_000);
  });

  it("rounds each fee half-up to the centavo on its own line", () => {
    // 10% of 1.234,55 = 123,455 -> 123,46; of 0,05 -> 0,005 -> 0,01; of 0,04 -> 0,00.
    expect(statementLine(rent({ receivedCents: cents(123_455) })).adminFeeCents).toBe(12_346);
    expect(statementLine(rent({ receivedCents: cents(5) })).adminFeeCents).toBe(1);
    expect(statementLine(rent({ receivedCents: cents(4) })).adminFeeCents).toBe(0);
    // 8,5% of 1.000,01 = 85,00085 -> 85,00.
    expect(statementLine(rent({ receivedCents: cents(100_001), adminFeeBp: 850 })).adminFeeCents).toBe(8_500);
  });

  it("adds the lines up: received = fees + transfer", () => {
    const month = ownerMonth([
      rent({ billingId: 1, receivedCents: cents(185_000) }),
      rent({ billingId: 2, receivedCents: cents(123_455), chargesCents: cents(3_455) }),
      rent({ billingId: 3, isFirstRent: true, receivedCents: cents(95_000), rentCents: cents(95_000) }),
    ]);
    expect(month).toMatchObject({
      grossCents: 403_455,
      chargesCents: 3_455,
      adminFeeCents: 18_500 + 12_346,
      firstRentFeeCents: 95_000,
      netCents: 403_455 - 18_500 - 12_346 - 95_000,
    });
    expect(ownerMonth([])).toMatchObject({ grossCents: 0, netCents: 0, lines: [] });
  });

  it("takes the fee on the rent alone when the contract's base is the rent", () => {
    const paid = { receivedCents: cents(203_870), rentCents: cents(185_000), chargesCents: cents(18_870) };
    expect(statementLine(rent({ ...paid, feeBase: "rent" }))).toMatchObject({
      adminFeeCents: 18_500,
      netCents: 185_370,
    });
    expect(statementLine(rent({ ...paid, feeBase: "all" }))).toMatchObject({ adminFeeCents: 20_387 });
    // A first rent's fee is on the rent whatever the base.
    expect(statementLine(rent({ ...paid, feeBase: "rent", isFirstRent: true })).firstRentFeeCents).toBe(185_000);
  });

  const entry = (amount: number, entryId = 1) => ({
    entryId,
    kind: "deduction" as const,
    description: "Conserto",
    onDate: "2026-10-15",
    amountCents: cents(amount),
  });

  it("takes the owner's entries off the transfer; more than the rents transfers 0,00 and carries the rest", () => {
    expect(ownerMonth([rent()], [entry(32_000)])).toMatchObject({
      rentsNetCents: 166_500,
      deductionsCents: 32_000,
      carriedCents: 0,
      netCents: 134_500,
    });
    expect(ownerMonth([rent()], [entry(166_500)])).toMatchObject({ carriedCents: 0, netCents: 0 });
    expect(ownerMonth([rent()], [entry(100_000), entry(70_000, 2)])).toMatchObject({
      deductionsCents: 170_000,
      carriedCents: 3_500,
      netCents: 0,
    });
    // A cancelled deduction (below zero) gives back.
    expect(ownerMonth([rent()], [entry(-1_000)]).netCents).toBe(167_500);
  });
});

describe("a rent a company tenant withheld IRRF from (decision 0074)", () => {
  it("takes the fees on the owner's rent before the tax, and never more than was received", () => {
    // The owner's 6.000,00 share; 394,54 withheld; 5.605,46 received.
    const withheld = { rentCents: cents(600_000), receivedCents: cents(560_546), withheldCents: cents(39_454) };
    expect(statementLine(rent({ ...withheld, adminFeeBp: 1000 }))).toMatchObject({
      adminFeeCents: 60_000,
      netCents: 500_546,
    });
    // A first rent's 100% fee on 6.000,00 is held to the 5.605,46 that came in.
    expect(
      statementLine(rent({ ...withheld, isFirstRent: true, firstRentFeeBp: 10_000, adminFeeBp: 1000 })),
    ).toMatchObject({ firstRentFeeCents: 560_546, adminFeeCents: 0, netCents: 0 });
    // 50%: on the rent before the tax, 3.000,00.
    expect(
      statementLine(rent({ ...withheld, isFirstRent: true, firstRentFeeBp: 5000, adminFeeBp: 1000 })),
    ).toMatchObject({ firstRentFeeCents: 300_000, netCents: 260_546 });
  });
});
