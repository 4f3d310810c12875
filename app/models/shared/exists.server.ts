import type { SelectQueryBuilder } from "kysely";

// The subquery of a `WHERE EXISTS`, made safe from a SQLite bug. SQLite 3.51+
// (3.53.0 in better-sqlite3 12.9.0) may turn `WHERE EXISTS (...)` into a join
// (its "EXISTS-to-JOIN" optimization); when the outer query is then read in
// an index's order with an OFFSET, the offset is counted in joined rows, not
// in result rows: page 2 of "Todas" showed 20 tenants instead of 3, skipping
// and repeating people (found with tests/integration/billing-queues.test.ts;
// the same family as better-sqlite3 issue #1432). A LIMIT inside the
// subquery keeps it a correlated subquery, which SQLite runs as written.
// Every `exists(...)` in a WHERE goes through this.
export function anyRow<DB, TB extends keyof DB, O>(subquery: SelectQueryBuilder<DB, TB, O>) {
  return subquery.limit(1);
}
