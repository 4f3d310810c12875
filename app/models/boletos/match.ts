// Which billing a processed boleto joins, and what "Processar N Boletos" will
// do with each boleto on the awaiting list (issue 19; docs/decisions/0015-boleto-flow.md,
// "Extended by issue 19"). Pure and client-safe: the review page runs the
// matcher in the browser as the admin corrects the values, the awaiting list
// and the processing run the planner on the server, so what the admin is told
// is what processing does.

// A digitable line compared by its digits only ("00190.00009 0123..." and
// "001900000901 23..." are the same boleto); null when there is none.
export function lineDigits(line: string | null | undefined): string | null {
  const digits = (line ?? "").replace(/\D/g, "");
  return digits === "" ? null : digits;
}

// Only a boleto with a month, a due date and an amount becomes a billing
// (docs/product.md §Boletos names the first two; a billing of R$ 0,00 would be a bill nobody
// can pay, so a blank amount waits on the list too).
export const isProcessable = (b: { month_year: string | null; due_date: string | null; amount_cents: number | null }) =>
  b.month_year !== null && b.due_date !== null && b.amount_cents !== null && b.amount_cents > 0;

export type MatchableBilling = {
  id: number;
  month_year: string; // "yyyy-MM"
  due_date: string; // "yyyy-MM-dd"
  status: string;
  amount_cents: number;
  // The IRRF a company tenant withholds from it (decision 0074): its boleto
  // asks the amount less this.
  withheld_cents?: number;
};

export type BoletoKeys = { due_date: string | null; month_year: string | null };

// Open (not paid) first, then the latest id: when a month was billed twice
// already (the bug this fixes), the boleto goes to the one still to be paid,
// and among those to the newest.
const preferred = <B extends MatchableBilling>(a: B, b: B) =>
  (a.status === "paid" ? 1 : 0) - (b.status === "paid" ? 1 : 0) || b.id - a.id;

// The billing of the same client that a boleto joins instead of creating a
// second one: one with the same due date, else one with the same reference
// month; several, the preferred (above). `billings` are the client's only.
// null: none, the boleto creates its billing.
export function matchBilling<B extends MatchableBilling>(boleto: BoletoKeys, billings: readonly B[]): B | null {
  for (const same of [
    (b: B) => boleto.due_date !== null && b.due_date === boleto.due_date,
    (b: B) => boleto.month_year !== null && b.month_year === boleto.month_year,
  ]) {
    const found = billings.filter(same).sort(preferred);
    if (found.length > 0) return found[0];
  }
  return null;
}

// Whether joining may offer to replace the billing's amount with the
// boleto's: they differ, and the billing is not paid (what was paid is not
// rewritten).
export const amountDiffers = (boletoCents: number | null | undefined, billing: MatchableBilling) =>
  typeof boletoCents === "number" &&
  boletoCents > 0 &&
  boletoCents !== billing.amount_cents &&
  boletoCents !== billing.amount_cents - (billing.withheld_cents ?? 0) &&
  billing.status !== "paid";

export type PlannedBoleto = BoletoKeys & {
  id: number;
  client_id: number;
  amount_cents: number | null;
  digitable_line: string | null;
  update_amount: number; // 0 or 1
};

export type BoletoStep<B extends MatchableBilling> =
  // No month, due date or amount: stays on the list, makes nothing.
  | { kind: "incomplete" }
  // Its line is already attached to a billing, or on an earlier boleto of the
  // list: stays on the list, makes nothing (the admin removes it).
  | { kind: "duplicate" }
  | { kind: "create" }
  // Joins an existing billing (`billing`), or the one an earlier boleto of the
  // same run creates (`creatorId`, `billing` null); `updateAmount`: the
  // billing's amount becomes the boleto's.
  | {
      kind: "join";
      billing: B | null;
      creatorId: number | null;
      target: MatchableBilling;
      updateAmount: boolean;
    };

// What processing does with each awaiting boleto, in id order (the order it
// runs in): a boleto joins a billing of its client that exists, or one an
// earlier boleto of the list creates, so two boletos of one month never make
// two billings. `attachedLines`: the digit-only lines already attached to
// billings. Keyed by boleto id.
export function planBoletos<B extends MatchableBilling & { client_id: number }>(
  boletos: readonly PlannedBoleto[],
  billings: readonly B[],
  attachedLines: ReadonlySet<string>,
): Map<number, BoletoStep<B>> {
  const steps = new Map<number, BoletoStep<B>>();
  const seenLines = new Set(attachedLines);
  // The billings a run will have, by client: the existing ones and those the
  // earlier boletos create. A created one gets an id above every existing one
  // (SQLite's autoincrement does the same), so "the latest id" holds for it.
  type Candidate = MatchableBilling & { existing: B | null; creatorId: number | null };
  const byClient = new Map<number, Candidate[]>();
  let nextId = 1;
  for (const b of billings) {
    const list = byClient.get(b.client_id) ?? [];
    list.push({ ...b, existing: b, creatorId: null });
    byClient.set(b.client_id, list);
    nextId = Math.max(nextId, b.id + 1);
  }
  for (const boleto of [...boletos].sort((a, b) => a.id - b.id)) {
    if (!isProcessable(boleto)) {
      steps.set(boleto.id, { kind: "incomplete" });
      continue;
    }
    const line = lineDigits(boleto.digitable_line);
    if (line !== null && seenLines.has(line)) {
      steps.set(boleto.id, { kind: "duplicate" });
      continue;
    }
    if (line !== null) seenLines.add(line);
    const candidates = byClient.get(boleto.client_id) ?? [];
    const found = matchBilling(boleto, candidates);
    if (!found) {
      candidates.push({
        id: nextId++,
        month_year: boleto.month_year!,
        due_date: boleto.due_date!,
        status: "pending",
        amount_cents: boleto.amount_cents!,
        existing: null,
        creatorId: boleto.id,
      });
      byClient.set(boleto.client_id, candidates);
      steps.set(boleto.id, { kind: "create" });
      continue;
    }
    const updateAmount = boleto.update_amount === 1 && amountDiffers(boleto.amount_cents, found);
    const { existing, creatorId, ...target } = found;
    steps.set(boleto.id, { kind: "join", billing: existing, creatorId, target, updateAmount });
    // Later boletos of the run see the amount this one sets.
    if (updateAmount) found.amount_cents = boleto.amount_cents!;
  }
  return steps;
}
