import type { Kysely } from "kysely";

// Ativos, sorted by the contract's end as it opens (issue 34,
// docs/decisions/0060-list-queries.md, "Ativos"): with the name and the id
// after the end date the index is read in the list's order, 25 rows a page,
// instead of every running contract (4,500 at 5,000 contracts) sorted in a
// temporary b-tree on each view. It starts with the old index's column, so
// that one goes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("clients_end_name").on("clients").columns(["contract_end_date", "name", "id"]).execute();
  await db.schema.dropIndex("clients_contract_end").execute();
}
