// Housing-loan instalments, SAC and PRICE, in whole centavos. Pure and
// client-safe; the /simulador page runs it on the server.
//
// Rounding: each month's interest is the balance times the monthly rate,
// rounded to the centavo (half up). SAC amortises the financed amount in equal
// rounded parts; PRICE pays a constant rounded instalment. In both, the last
// month amortises whatever balance is left, so the amortisations add up to the
// financed amount exactly and the balance ends at zero.

export type AmortizationSystem = "SAC" | "PRICE";

export type Instalment = {
  month: number;
  payment: number; // centavos: amortization + interest
  interest: number;
  amortization: number;
  balance: number; // after this payment
};

export type Simulation = {
  financed: number;
  monthlyRate: number;
  rows: Instalment[];
  firstPayment: number;
  lastPayment: number;
  totalInterest: number;
  totalPaid: number;
};

// An effective yearly rate in percent (10.5 means 10,5% a.a.) as the
// equivalent monthly rate: (1 + i)^(1/12) - 1.
export function monthlyRateFromAnnual(annualPercent: number) {
  return Math.pow(1 + annualPercent / 100, 1 / 12) - 1;
}

// The constant instalment of the PRICE table (a spreadsheet's PMT), unrounded.
export function priceInstalment(financed: number, months: number, monthlyRate: number) {
  if (monthlyRate === 0) return financed / months;
  return (financed * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -months));
}

export function simulate({
  financed,
  months,
  monthlyRate,
  system,
}: {
  financed: number;
  months: number;
  monthlyRate: number;
  system: AmortizationSystem;
}): Simulation {
  if (!Number.isSafeInteger(financed) || financed <= 0)
    throw new RangeError("financed must be a positive whole number of centavos");
  if (!Number.isSafeInteger(months) || months < 1) throw new RangeError("months must be a positive whole number");
  if (!Number.isFinite(monthlyRate) || monthlyRate < 0) throw new RangeError("monthlyRate must be zero or positive");

  const fixed = Math.round(system === "SAC" ? financed / months : priceInstalment(financed, months, monthlyRate));
  const rows: Instalment[] = [];
  let balance = financed;
  for (let month = 1; month <= months; month++) {
    const interest = Math.round(balance * monthlyRate);
    const regular = system === "SAC" ? fixed : fixed - interest;
    // The last month takes the rounding remainder; a regular part never
    // amortises more than is owed.
    const amortization = month === months ? balance : Math.min(balance, Math.max(0, regular));
    balance -= amortization;
    rows.push({ month, payment: amortization + interest, interest, amortization, balance });
  }
  const totalInterest = rows.reduce((sum, r) => sum + r.interest, 0);
  return {
    financed,
    monthlyRate,
    rows,
    firstPayment: rows[0].payment,
    lastPayment: rows[rows.length - 1].payment,
    totalInterest,
    totalPaid: financed + totalInterest,
  };
}
