import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { notReversal } from "#app/models/ledger/ledger.server";
import { addDays } from "#app/models/shared/days";
import { formatDay } from "#app/models/clients/status";
import { cents, formatBRL, type Cents } from "#app/models/shared/money";
import { targetValue, type ReturnTarget } from "./return-target";
import type { Confirmation } from "./review.schema";
import { docsInText, documentKey, payerNameProbes } from "./payer";
import { txidBillings } from "./references";

// Returns in a bank statement (issue 35; docs/decisions/0037-reconciliation.md,
// "Returns and second credits"): a debit that gives a tenant's money back (a
// Pix devolução, a boleto's estorno, a card chargeback) reverses the credit
// it returns, as "Estornar pagamento" would: the billing opens again, its
// receipt is cancelled. Which credit: one of the same amount received before
// it, and of those the one the debit names by the billing's Pix txid
// (COBRANCA<id>) or by the Pix end-to-end id, else the one whose tenant the
// debit's payer is (CPF/CNPJ, then the name rule of 0036). The first two are
// proposed checked; the payer's is only offered. The credit may be in the
// ledger already (settled by an earlier import or registered by hand) or be
// a credit line of the same statement that its Confirmar settles first.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// The words banks write on such a debit (Pix "DEVOLUCAO", "DEV PIX", boleto
// "ESTORNO", card "CHARGEBACK", "RESTITUICAO"). A debit without one is the
// agency's own outgoing money (a transfer to an owner of the same amount, a
// tarifa) and is never taken for a return.
export const RETURN_WORDS = ["DEVOL", "DEV PIX", "ESTORN", "CHARGEBACK", "RESTITUI"] as const;
// How far back a return may reach: a Pix devolução by the MED must be started
// within 90 days of the payment (Resolução BCB nº 103/2021), a chargeback later.
export const RETURN_WINDOW_DAYS = 180;
// The returns a review shows and Confirmar applies (a statement has a few).
export const RETURNS_SHOWN = 50;

// A Pix end-to-end id: "E", the payer's institution ISPB (8 digits), the
// date and time (12 digits), 11 letters or digits (Manual de Padrões para
// Iniciação do Pix, "Identificador fim a fim").
const E2E = /\bE\d{20}[A-Z0-9]{11}\b/gi;
const e2eIds = (texts: (string | null)[]) =>
  new Set(texts.flatMap((t) => (t ? [...t.matchAll(E2E)].map((m) => m[0].toUpperCase()) : [])));

export { targetValue, type ReturnTarget };

export type ReturnReason = "txid" | "e2e" | "payer";
export type ReturnProposal = {
  lineId: number;
  lineKey: string;
  postedDate: string;
  amountCents: Cents; // what went back (positive)
  memo: string;
  match: {
    target: ReturnTarget;
    reason: ReturnReason;
    exact: boolean; // txid or end-to-end id: proposed checked
    clientName: string | null;
    receivedOn: string;
    months: string[];
    receipts: number[];
  } | null;
};

type Debit = {
  id: number;
  line_key: string;
  posted_date: string;
  amount_cents: number;
  memo: string;
  payer_name: string | null;
  payer_doc: string | null;
  reference: string | null;
  document_number: string | null;
};

// A credit a debit may return: in the ledger, or a line of the same import.
type Candidate = {
  target: ReturnTarget;
  amount: number;
  on: string;
  clientName: string | null;
  cpf: string | null;
  billings: Set<number>; // the billings it paid (ledger) or names (line)
  months: string[];
  receipts: number[];
  e2e: Set<string>;
};

const returnWords = sql.join(
  RETURN_WORDS.map((w) => sql`upper(l.memo) like ${`%${w}%`}`),
  sql` or `,
);

// The returns of an import not settled yet, each with the credit it gives
// back when one is found.
export async function importReturns(db: DB | Trx, importId: number): Promise<ReturnProposal[]> {
  const found: Debit[] = (
    await sql<Debit>`select l.id, l.line_key, l.posted_date, l.amount_cents, l.memo, l.payer_name, l.payer_doc,
        l.reference, l.document_number
      from statement_lines l
      where l.import_id = ${importId} and l.credit = 0 and l.info = 0 and l.settled_at is null and (${returnWords})
      order by l.position limit ${RETURNS_SHOWN}`.execute(db)
  ).rows;
  if (found.length === 0) return [];
  // The same bank line applied by another import of the same days.
  const elsewhere = new Set(
    (
      await db
        .selectFrom("statement_lines")
        .select("line_key")
        .where(
          "line_key",
          "in",
          found.map((d) => d.line_key),
        )
        .where("settled_at", "is not", null)
        .execute()
    ).map((r) => r.line_key),
  );
  const debits = found.filter((d) => !elsewhere.has(d.line_key));
  if (debits.length === 0) return [];
  const amounts = [...new Set(debits.map((d) => -d.amount_cents))];
  const from = addDays(
    debits.reduce((m, d) => (d.posted_date < m ? d.posted_date : m), debits[0]!.posted_date),
    -RETURN_WINDOW_DAYS,
  );
  const to = debits.reduce((m, d) => (d.posted_date > m ? d.posted_date : m), debits[0]!.posted_date);
  const candidates = [
    ...(await ledgerCandidates(db, amounts, from, to)),
    ...(await lineCandidates(db, importId, amounts)),
  ];
  const used = new Set<string>();
  return debits.map((d) => {
    const amount = -d.amount_cents;
    const texts = [d.memo, d.reference, d.document_number];
    const txids = txidBillings(texts);
    const e2e = e2eIds(texts);
    const docs = new Set(
      [documentKey(d.payer_doc), ...docsInText(`${d.payer_name ?? ""} ${d.memo}`).map(documentKey)].filter(
        (x): x is string => x !== null,
      ),
    );
    const probes = payerNameProbes({ payerName: d.payer_name, memo: d.memo });
    const scored = candidates
      .filter(
        (c) => c.amount === amount && c.on <= d.posted_date && c.on >= addDays(d.posted_date, -RETURN_WINDOW_DAYS),
      )
      .filter((c) => !used.has(targetValue(c.target)))
      .flatMap((c) => {
        const reason: ReturnReason | null = [...c.billings].some((b) => txids.has(b))
          ? "txid"
          : [...c.e2e].some((e) => e2e.has(e))
            ? "e2e"
            : (c.cpf !== null && docs.has(c.cpf)) || (c.clientName !== null && probes.matches(c.clientName))
              ? "payer"
              : null;
        return reason ? [{ c, reason }] : [];
      })
      // Named first, then the latest credit.
      .sort(
        (a, b) =>
          Number(a.reason === "payer") - Number(b.reason === "payer") ||
          (a.c.on < b.c.on ? 1 : a.c.on > b.c.on ? -1 : 0),
      );
    const best = scored[0];
    if (best) used.add(targetValue(best.c.target));
    return {
      lineId: d.id,
      lineKey: d.line_key,
      postedDate: d.posted_date,
      amountCents: cents(amount),
      memo: d.memo,
      match: best
        ? {
            target: best.c.target,
            reason: best.reason,
            exact: best.reason !== "payer",
            clientName: best.c.clientName,
            receivedOn: best.c.on,
            months: best.c.months,
            receipts: best.c.receipts,
          }
        : null,
    };
  });
}

// The credits standing in the ledger of these amounts received in the
// window, read off ledger_credit_amount by name: left to itself SQLite takes
// "reverses_id is null" for a one-row lookup of the unique reverses_id index
// and walks every entry (452 ms on the scale data set, 0 ms by the index;
// docs/decisions/0065-ledger-at-scale.md). With what
// tells them apart: the tenant, the billings they paid, the receipts in
// force, the end-to-end id of the bank line that brought them.
async function ledgerCandidates(db: DB | Trx, amounts: number[], from: string, to: string): Promise<Candidate[]> {
  const { rows } = await sql<{
    id: number;
    amount_cents: number;
    on_date: string;
    name: string;
    cpf_cnpj: string | null;
    memo: string | null;
    reference: string | null;
  }>`select e.id, e.amount_cents, e.on_date, c.name, c.cpf_cnpj, s.memo, coalesce(s.reference, e.reference) as reference
    from ledger_entries e indexed by ledger_credit_amount
    join clients c on c.id = e.client_id
    left join statement_lines s on s.id = e.statement_line_id
    where e.kind = 'credit' and e.reverses_id is null
      and e.amount_cents in (select value from json_each(${JSON.stringify(amounts)}))
      and e.on_date between ${from} and ${to}`.execute(db);
  if (rows.length === 0) return [];
  // Reversed already (by reverses_id, unique): not standing.
  const reversed = new Set(
    (
      await db
        .selectFrom("ledger_entries")
        .select("reverses_id")
        .where(
          "reverses_id",
          "in",
          rows.map((r) => r.id),
        )
        .execute()
    ).map((r) => r.reverses_id),
  );
  const standing = rows.filter((r) => !reversed.has(r.id));
  if (standing.length === 0) return [];
  const ids = standing.map((r) => r.id);
  const paid = await db
    .selectFrom("ledger_entries as a")
    .innerJoin("billing as b", "b.id", "a.billing_id")
    .select(["a.credit_id", "b.id", "b.month_year"])
    .distinct()
    .where("a.credit_id", "in", ids)
    .where("a.kind", "=", "allocation")
    .where(notReversal("a.reverses_id"))
    .orderBy("b.month_year")
    .execute();
  const receipts = await db
    .selectFrom("billing_receipts")
    .select(["id", "credit_id"])
    .where("credit_id", "in", ids)
    .where("voided_at", "is", null)
    .orderBy("id")
    .execute();
  return standing.map((r) => {
    const mine = paid.filter((p) => p.credit_id === r.id);
    return {
      target: { kind: "credit", creditId: r.id },
      amount: r.amount_cents,
      on: r.on_date,
      clientName: r.name,
      cpf: documentKey(r.cpf_cnpj),
      billings: new Set(mine.map((p) => p.id)),
      months: [...new Set(mine.map((p) => p.month_year))],
      receipts: receipts.filter((x) => x.credit_id === r.id).map((x) => x.id),
      e2e: e2eIds([r.memo, r.reference]),
    };
  });
}

// The import's own credits of these amounts not settled yet: its Confirmar
// settles them before it applies the returns.
async function lineCandidates(db: DB | Trx, importId: number, amounts: number[]): Promise<Candidate[]> {
  const rows = await db
    .selectFrom("statement_lines as l")
    .leftJoin("billing as b", "b.id", "l.billing_id")
    .leftJoin("clients as c", "c.id", "b.client_id")
    .select([
      "l.id",
      "l.amount_cents",
      "l.posted_date",
      "l.memo",
      "l.reference",
      "l.document_number",
      "l.billing_id",
      "b.month_year",
      "c.name",
      "c.cpf_cnpj",
    ])
    .where("l.import_id", "=", importId)
    .where("l.credit", "=", 1)
    .where("l.settled_at", "is", null)
    .where("l.amount_cents", "in", amounts as Cents[])
    .execute();
  // A line the matcher left without a billing may still name one (a txid
  // beyond the horizon): its tenant, for the page.
  const namedBy = new Map(rows.map((r) => [r.id, txidBillings([r.memo, r.reference, r.document_number])]));
  const unproposed = [...new Set(rows.flatMap((r) => (r.billing_id === null ? [...namedBy.get(r.id)!] : [])))];
  const tenants = new Map(
    (unproposed.length === 0
      ? []
      : await db
          .selectFrom("billing as b")
          .innerJoin("clients as c", "c.id", "b.client_id")
          .select(["b.id", "b.month_year", "c.name", "c.cpf_cnpj"])
          .where("b.id", "in", unproposed)
          .execute()
    ).map((b) => [b.id, b]),
  );
  return rows.map((r) => {
    const named = namedBy.get(r.id)!;
    const own = r.billing_id === null ? [...named].map((id) => tenants.get(id)).find((t) => t !== undefined) : null;
    if (r.billing_id !== null) named.add(r.billing_id);
    const month = own ? own.month_year : r.month_year;
    return {
      target: { kind: "line", lineId: r.id },
      amount: r.amount_cents,
      on: r.posted_date,
      clientName: own ? own.name : r.name,
      cpf: documentKey(own ? own.cpf_cnpj : r.cpf_cnpj),
      billings: named,
      months: month ? [month] : [],
      receipts: [],
      e2e: e2eIds([r.memo, r.reference, r.document_number]),
    };
  });
}

// The returns the page checked, each still returning what the page showed
// (recomputed: a credit reversed or a line settled meanwhile changes it), and
// a credit line of this statement only when this confirmation settles it.
export async function plannedReturns(
  trx: Transaction<Database>,
  importId: number,
  confirmation: Confirmation,
  settling: readonly number[],
): Promise<{ ok: true; plan: { proposal: ReturnProposal; target: ReturnTarget }[] } | { ok: false; errors: string[] }> {
  const posted = confirmation.returns ?? [];
  if (posted.length === 0) return { ok: true, plan: [] };
  const now = new Map((await importReturns(trx, importId)).map((r) => [r.lineId, r]));
  const errors: string[] = [];
  const plan: { proposal: ReturnProposal; target: ReturnTarget }[] = [];
  for (const r of posted) {
    const p = now.get(r.lineId);
    const what = p ? `A devolução de ${formatDay(p.postedDate)} (${formatBRL(p.amountCents)})` : "Uma devolução";
    if (!p?.match || targetValue(p.match.target) !== r.target)
      errors.push(`${what} não devolve mais o crédito mostrado: reveja a página.`);
    else if (p.match.target.kind === "line" && !settling.includes(p.match.target.lineId))
      errors.push(`${what} devolve um crédito deste extrato que não foi marcado para baixa.`);
    else plan.push({ proposal: p, target: p.match.target });
  }
  return errors.length > 0 ? { ok: false, errors: [...new Set(errors)] } : { ok: true, plan };
}

// The ledger credit a return gives back: the one named, or the one this
// confirmation just received from the statement's line.
export async function creditOf(trx: Transaction<Database>, target: ReturnTarget) {
  if (target.kind === "credit") return target.creditId;
  const row = await trx
    .selectFrom("ledger_entries")
    .select("id")
    .where("statement_line_id", "=", target.lineId)
    .where("kind", "=", "credit")
    .where(notReversal())
    .executeTakeFirstOrThrow();
  return row.id;
}
