import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";

// A value computed from the database, kept until the database next changes
// (issue 34: the DIMOB page of a year is every contract's year, about a
// second at 5,000 contracts; docs/decisions/0060-list-queries.md, "Informes
// and DIMOB at scale").
//
// "Changed" is any write at all, read in one query that costs nothing:
// total_changes() counts the rows this connection (the app's one) has
// inserted, updated or deleted, and PRAGMA data_version changes when another
// connection (another worker of the cluster, `npm run jobs:run`, a script)
// commits. So no writer has to know the cache exists, and no write can be
// missed; the price is that an unrelated write (a login, an email sent) also
// empties it, which only costs the next view one computation.

type Memo = { version: string; value: Promise<unknown> };

// Each connection's values (tests open many databases in one process).
const memos = new WeakMap<object, Map<string, Memo>>();
// Values kept a connection for each kind of value (a key's part before its
// first ":": "dimob", "transfers", "statement-review"...): a few years of a
// report, a few pages of a review. Per kind, so that staff on the review's
// pages never push the Painel's or the month's Repasses out.
const KEEP = 4;
const kindOf = (key: string) => key.split(":", 1)[0];

async function versionOf(db: Kysely<Database>) {
  const { rows } = await sql<{
    changes: number;
    data: number;
  }>`select total_changes() as changes, (select data_version from pragma_data_version) as data`.execute(db);
  return `${rows[0].changes}:${rows[0].data}`;
}

// `compute()`, or the value it gave under `key` while nothing was written
// since. Two requests at once share one computation. A value during which
// something was written (compute may yield between its queries) is returned
// but not kept: it may mix the database before and after.
export async function untilWrite<T>(db: Kysely<Database>, key: string, compute: () => Promise<T>): Promise<T> {
  let kept = memos.get(db);
  if (!kept) memos.set(db, (kept = new Map()));
  const version = await versionOf(db);
  const hit = kept.get(key);
  if (hit?.version === version) return hit.value as Promise<T>;
  // Versions only move forward: a value of an older one is never read again.
  // Gone now, not when its key is next asked (a year's DIMOB held after an
  // import is tens of megabytes nobody will read).
  for (const [k, memo] of kept) if (memo.version !== version) kept.delete(k);
  const memo: Memo = { version, value: compute() };
  kept.delete(key);
  kept.set(key, memo);
  // The map is in the order values were computed: the kind's oldest go.
  const same = [...kept.keys()].filter((k) => kindOf(k) === kindOf(key));
  for (const old of same.slice(0, -KEEP)) kept.delete(old);
  const forget = () => {
    if (kept.get(key) === memo) kept.delete(key);
  };
  try {
    const value = (await memo.value) as T;
    if ((await versionOf(db)) !== version) forget();
    return value;
  } catch (error) {
    forget();
    throw error;
  }
}

// The keys a connection holds now, oldest first (tests, diagnostics).
export function keptKeys(db: Kysely<Database>) {
  return [...(memos.get(db)?.keys() ?? [])];
}
