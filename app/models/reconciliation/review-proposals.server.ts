import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { BILLING_STATUS_VALUES } from "#app/models/billing/status";
import type { Cents } from "#app/models/shared/money";
import { addDays } from "#app/models/shared/days";
import { MATCHABLE_COLUMNS } from "./open-billings.server";
import { matchCredits, type CreditMatch, type OpenBilling, PROBABLE_WINDOW_DAYS } from "./match";
import { docsInText, documentKey, payerNameProbes } from "./payer";
import { txidBillings } from "./references";

// The proposals of one page of a review, computed when the page is read
// (issue 35; docs/decisions/0037-reconciliation.md, "Proposals on the page"):
// the import's are those of the day it was imported, and a billing created
// since (the month generated late, a contract signed after) or paid since
// would otherwise never change them. The matcher (match.ts) runs on the
// page's credits that no bank line has settled yet, against the billings any
// of them could pay, found without reading every open billing (9,000 at
// 5,000 contracts, 450 ms):
// - the billings the import proposed for these lines;
// - the ones a line names by Pix txid (COBRANCA<id>);
// - the open billings of the tenants whose CPF/CNPJ a line names (clients
//   by cpf_cnpj), and those around the credit's date of the tenants whose
//   name the payer's matches (clients by first name and surname, then the
//   name rule itself);
// - for a CNAB nosso número, the boletos attached after the import
//   (document_horizon_id: to a billing created since, or to one that had
//   none): earlier ones were the import's to find.
// A billing another line of the import holds (its proposal, not on this
// page) is left out: one credit per billing, as at import. A line whose bank
// line another import settled meanwhile is "already".

type DB = Kysely<Database>;

export type PageCredit = {
  id: number;
  line_key: string;
  posted_date: string;
  amount_cents: Cents;
  memo: string;
  payer_name: string | null;
  payer_doc: string | null;
  reference: string | null;
  document_number: string | null;
  billing_id: number | null;
};

// "second": a credit naming (Pix txid) a billing already paid, or one another
// credit of the import pays: received, it is the tenant's credit (0037,
// "Returns and second credits"); the page warns.
export type PageProposal =
  | (CreditMatch & { kind: CreditMatch["kind"] })
  | { kind: "already" }
  | { kind: "second"; billingId: number; paid: boolean };

const UNPAID = BILLING_STATUS_VALUES.filter((s) => s !== "paid");

export async function pageProposals(
  db: DB,
  statement: { id: number; document_horizon_id: number | null },
  lines: readonly PageCredit[],
  horizon: string,
): Promise<Map<number, PageProposal>> {
  const out = new Map<number, PageProposal>();
  if (lines.length === 0) return out;

  // Settled meanwhile by another import of the same bank line.
  const settled = new Set(
    (
      await db
        .selectFrom("statement_lines")
        .select("line_key")
        .where(
          "line_key",
          "in",
          lines.map((l) => l.line_key),
        )
        .where("settled_at", "is not", null)
        .execute()
    ).map((r) => r.line_key),
  );
  for (const l of lines) if (settled.has(l.line_key)) out.set(l.id, { kind: "already" });
  const credits = lines.filter((l) => !settled.has(l.line_key));
  if (credits.length === 0) return out;

  const billingIds = new Set<number>();
  for (const l of credits) {
    if (l.billing_id !== null) billingIds.add(l.billing_id);
    for (const id of txidBillings([l.memo, l.reference, l.document_number])) billingIds.add(id);
  }
  const clientIds = new Set<number>();
  const docs = [
    ...new Set(
      credits.flatMap((l) =>
        [documentKey(l.payer_doc), ...docsInText(`${l.payer_name ?? ""} ${l.memo}`).map(documentKey)].filter(
          (d): d is string => d !== null,
        ),
      ),
    ),
  ];
  if (docs.length > 0) {
    const rows = await db.selectFrom("clients").select("id").where("cpf_cnpj", "in", docs).execute();
    for (const r of rows) clientIds.add(r.id);
  }
  // Tenants by name: for each credit, each payer word that may be a first
  // name and each payer word that may be the surname, one seek of
  // clients_surname_fold (surname_fold, name_fold): the names that begin
  // with the one and end with the other; and for the text a bank's cut left
  // ("MARIA APARECIDA SOU"), a range of clients_name_fold. At 5,000
  // contracts a first name is shared by hundreds (a range of each for a page
  // of Pix memos was 6,000 entries, 15-30 ms); first name and surname by a
  // dozen. Then the name rule itself on those few; their billings are read
  // only around the credit's date (the rule's window): a name pays no other
  // month.
  const named: { client: number; from: string; to: string }[] = [];
  const probes = credits.map((l) => payerNameProbes({ payerName: l.payer_name, memo: l.memo }));
  const pairs = credits.flatMap((_, k) =>
    probes[k]!.firstNames.flatMap((f) =>
      [...probes[k]!.surnames].filter((t) => t !== f.word).map((t) => [k, f.word, t]),
    ),
  );
  const cuts = credits.flatMap((_, k) => probes[k]!.firstNames.flatMap((f) => f.cuts.map((cut) => [k, cut])));
  if (pairs.length > 0 || cuts.length > 0) {
    // A pair's tenants are the rule's first branch already (first name and
    // surname among the payer's words); a cut's are tested by the rule.
    const { rows } = await sql<{ k: number; id: number; name_fold: string | null }>`
      with pair(k, w, t) as (select value ->> 0, value ->> 1, value ->> 2 from json_each(${JSON.stringify(pairs)})),
      cut(k, text) as (select value ->> 0, value ->> 1 from json_each(${JSON.stringify(cuts)}))
      select distinct pair.k, c.id, null as name_fold from pair join clients c
        on c.surname_fold = pair.t and c.name_fold >= pair.w || ' ' and c.name_fold < pair.w || '!'
      union all
      select cut.k, c.id, c.name_fold from cut join clients c
        on c.name_fold >= cut.text and c.name_fold < cut.text || char(127)`.execute(db);
    // Each tenant once, over the days of every credit that named them.
    const windows = credits.map((l) => ({
      from: addDays(l.posted_date, -PROBABLE_WINDOW_DAYS),
      to: addDays(l.posted_date, PROBABLE_WINDOW_DAYS),
    }));
    const byClient = new Map<number, { client: number; from: string; to: string }>();
    for (const r of rows) {
      if (r.name_fold !== null && !probes[r.k]!.matches(r.name_fold)) continue;
      const w = windows[r.k]!;
      const seen = byClient.get(r.id);
      if (!seen) byClient.set(r.id, { client: r.id, ...w });
      else {
        if (w.from < seen.from) seen.from = w.from;
        if (w.to > seen.to) seen.to = w.to;
      }
    }
    named.push(...byClient.values());
  }
  if (credits.some((l) => l.reference) && statement.document_horizon_id !== null) {
    const rows = await db
      .selectFrom("billing_documents as d")
      .innerJoin("billing as b", "b.id", "d.billing_id")
      .select("b.id")
      .where("d.id", ">", statement.document_horizon_id)
      .where("b.status", "in", UNPAID)
      .where("d.digitable_line", "is not", null)
      .execute();
    for (const r of rows) billingIds.add(r.id);
  }

  const candidates = await openBillings(db, [...billingIds], [...clientIds], named, horizon);
  // Billings other lines of the import hold are not this page's to give.
  // Read by billing (statement_lines_billing), the import told apart here: a
  // WHERE on import_id would have SQLite walk the import's 36,000 lines.
  const shown = new Set(lines.map((l) => l.id));
  const holders =
    candidates.length === 0
      ? []
      : await db
          .selectFrom("statement_lines")
          .select(["id", "import_id", "billing_id", "match_kind", "settled_at"])
          .where(
            "billing_id",
            "in",
            candidates.map((b) => b.id),
          )
          .execute();
  const held = new Set(
    holders
      .filter(
        (h) =>
          h.import_id === statement.id &&
          h.settled_at === null &&
          (h.match_kind === "exact" || h.match_kind === "probable") &&
          !shown.has(h.id),
      )
      .map((h) => h.billing_id!),
  );
  const free = candidates.filter((b) => !held.has(b.id));
  const matches = matchCredits(
    credits.map((l) => ({
      key: l.line_key,
      date: l.posted_date,
      amountCents: l.amount_cents,
      memo: l.memo,
      payerName: l.payer_name,
      payerDoc: l.payer_doc,
      reference: l.reference,
      documentNumber: l.document_number,
    })),
    free,
  );
  credits.forEach((l, i) => out.set(l.id, matches[i]!));
  await secondCredits(db, credits, matches, held, out);
  return out;
}

// The unpaid billings due by `horizon` among `ids`, those of `clientIds`
// and those of each `named` tenant due within its window, as the matcher
// reads them, with their boletos' digitable lines (what openBillingsToMatch
// gives the import, cut to these).
async function openBillings(
  db: DB,
  ids: number[],
  clientIds: number[],
  named: { client: number; from: string; to: string }[],
  horizon: string,
): Promise<(OpenBilling & { month_year: string })[]> {
  // Each part off its own index: by id (the primary key), by tenant
  // (billing_client_paid: client, status: a few of their 60 months), by
  // tenant and due date (billing_client_due). An OR of them, or a plain
  // WHERE on status and due date, may be read off billing_status_due
  // instead: every unpaid billing due by the horizon (9,000 at 5,000
  // contracts). "+column": a term SQLite does not look up by.
  const select = () =>
    db
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select(MATCHABLE_COLUMNS)
      .where(sql`+billing.due_date`, "<=", horizon);
  const byId =
    ids.length > 0
      ? await select()
          .where("billing.id", "in", ids)
          .where(sql`+billing.status`, "in", UNPAID)
          .execute()
      : [];
  const byClient =
    clientIds.length > 0
      ? await select().where("billing.client_id", "in", clientIds).where("billing.status", "in", UNPAID).execute()
      : [];
  const byName =
    named.length > 0
      ? await select()
          .innerJoin(
            sql<{
              client: number;
              from: string;
              to: string;
            }>`(select value ->> 0 as client, value ->> 1 as "from", value ->> 2 as "to" from json_each(${JSON.stringify(named.map((n) => [n.client, n.from, n.to]))}))`.as(
              "w",
            ),
            (j) => j.onRef("w.client", "=", "billing.client_id"),
          )
          .where((eb) => eb.between("billing.due_date", eb.ref("w.from"), eb.ref("w.to")))
          .where(sql`+billing.status`, "in", UNPAID)
          .execute()
      : [];
  const seen = new Set<number>();
  const rows = [...byId, ...byClient, ...byName]
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .sort((a, b) => a.id - b.id);
  if (rows.length === 0) return [];
  const docs = await db
    .selectFrom("billing_documents")
    .select(["billing_id", "digitable_line"])
    .where(
      "billing_id",
      "in",
      rows.map((r) => r.id),
    )
    .where("digitable_line", "is not", null)
    .execute();
  const lines = new Map<number, string[]>();
  for (const d of docs) lines.set(d.billing_id, [...(lines.get(d.billing_id) ?? []), d.digitable_line!]);
  return rows.map((r) => ({ ...r, digitable_lines: lines.get(r.id) ?? [] }));
}

// Credits the matcher left unmatched that name, by Pix txid, a billing that
// is paid, or that another credit of the import (this page's match, or a
// line elsewhere that holds it) pays: a tenant who paid twice.
async function secondCredits(
  db: DB,
  credits: readonly PageCredit[],
  matches: readonly CreditMatch[],
  held: ReadonlySet<number>,
  out: Map<number, PageProposal>,
) {
  const named = credits.flatMap((l, i) =>
    matches[i]!.kind === "none"
      ? [...txidBillings([l.memo, l.reference, l.document_number])].map((b) => ({ l, b }))
      : [],
  );
  if (named.length === 0) return;
  const status = new Map(
    (
      await db
        .selectFrom("billing")
        .select(["id", "status"])
        .where(
          "id",
          "in",
          named.map((n) => n.b),
        )
        .execute()
    ).map((r) => [r.id, r.status]),
  );
  const matched = new Set(matches.flatMap((m) => (m.billingId !== null ? [m.billingId] : [])));
  for (const { l, b } of named) {
    if (out.get(l.id)?.kind === "second") continue;
    const s = status.get(b);
    if (s === undefined) continue;
    if (s === "paid" || held.has(b) || matched.has(b))
      out.set(l.id, { kind: "second", billingId: b, paid: s === "paid" });
  }
}
