import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { periodLabel } from "#app/models/billing/months";
import { cents, type Cents } from "#app/models/shared/money";

// The tenant's account statement (issue 35, docs/decisions/0061-rent-ledger.md):
// what was charged (rent, multa, juros, other), forgiven and paid, newest
// first, each with the balance after it, and the balance now: positive, what
// the tenant owes; negative, the tenant's credit. Allocations are internal
// (which charge a payment settled) and stay out. Read by ledger_client
// (client_id, kind, id): one tenant's few hundred entries over five years,
// whatever the size of the ledger.

type DB = Kysely<Database>;

const ITEM_LABELS: Record<string, string> = {
  rent: "Aluguel",
  late_fee: "Multa",
  interest: "Juros",
  other: "Outros encargos",
};
const METHOD_LABELS: Record<string, string> = {
  pix: "Pix",
  boleto: "boleto",
  ted: "transferência",
  dinheiro: "dinheiro",
  caucao: "caução",
  extrato: "crédito em conta",
  registro: "registrado pela imobiliária",
};

export type AccountLine = {
  id: number;
  on_date: string;
  label: string;
  cents: Cents; // + what it added to the debt, − what it paid or forgave
  balance: Cents; // after it
};

// The latest entries the tab shows: a year of rent and its payments.
export const ACCOUNT_LINES = 24;

// `horizon`: the last due date the tenant may see (issueHorizon): a rent
// billed ahead for the contract's later months is not owed yet, and stays
// out of the lines and the balance until it is issued.
export async function tenantAccount(db: DB, clientId: number, horizon: string, limit = ACCOUNT_LINES) {
  const kinds = ["charge", "discount", "credit"] as const;
  const sums = await db
    .selectFrom("ledger_entries")
    .select(["kind", (eb) => eb.fn.sum<number>("amount_cents").as("total")])
    .where("client_id", "=", clientId)
    .where("kind", "in", kinds)
    .where("on_date", "<=", horizon)
    .groupBy("kind")
    .execute();
  const total = (kind: string) => Number(sums.find((s) => s.kind === kind)?.total ?? 0);
  const balance = cents(total("charge") - total("discount") - total("credit"));
  const rows = await db
    .selectFrom("ledger_entries as e")
    .leftJoin("billing as b", "b.id", "e.billing_id")
    .select([
      "e.id",
      "e.kind",
      "e.item",
      "e.amount_cents",
      "e.on_date",
      "e.method",
      "e.memo",
      "e.reverses_id",
      "b.month_year",
    ])
    .where("e.client_id", "=", clientId)
    .where("e.kind", "in", kinds)
    .where("e.on_date", "<=", horizon)
    .orderBy("e.on_date", "desc")
    .orderBy("e.id", "desc")
    .limit(limit)
    .execute();
  let after: number = balance;
  const lines: AccountLine[] = rows.map((r) => {
    const signed = r.kind === "charge" ? r.amount_cents : -r.amount_cents;
    const line = { id: r.id, on_date: r.on_date, label: labelOf(r), cents: cents(signed), balance: cents(after) };
    after -= signed;
    return line;
  });
  return { balance, lines };
}

function labelOf(r: {
  kind: string;
  item: string | null;
  method: string | null;
  memo: string | null;
  reverses_id: number | null;
  month_year: string | null;
}) {
  const period = r.month_year ? ` de ${periodLabel(r.month_year)}` : "";
  const why = r.memo ? ` (${r.memo})` : "";
  // Given back after the acerto de saída (decision 0076): not an estorno.
  if (r.kind === "credit" && r.method === "devolucao") return `Devolução ao inquilino${why}`;
  if (r.kind === "credit")
    return r.reverses_id === null
      ? `Pagamento recebido${r.method && METHOD_LABELS[r.method] ? `: ${METHOD_LABELS[r.method]}` : ""}`
      : `Estorno de pagamento${why}`;
  const item = ITEM_LABELS[r.item ?? ""] ?? "Lançamento";
  // A company tenant's IRRF (decision 0074): the tax it pays the Receita.
  if (r.kind === "discount" && r.method === "irrf")
    return `${r.reverses_id === null ? "IRRF retido pelo locatário" : "IRRF recalculado"}: ${item.toLowerCase()}${period}`;
  if (r.kind === "discount")
    return `${r.reverses_id === null ? "Desconto" : "Desconto cancelado"}: ${item.toLowerCase()}${period}${why}`;
  return r.reverses_id === null ? `${item}${period}` : `${item}${period} cancelado${why}`;
}
