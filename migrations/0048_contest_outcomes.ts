import { sql, type Kysely } from "kysely";

// A contest's outcome (issue 38, docs/decisions/0080-document-acceptance.md):
// staff answer a tenant's contest of an entry inspection item and say what
// becomes of it. NULL with an answer: not upheld, the state recorded stands;
// a state: upheld, the item counts as that state from then on (the exit
// comparison starts from it), while the locked report keeps what was seen.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("inspection_contests")
    .addColumn("outcome_condition", "text", (c) =>
      c.check(sql`outcome_condition in ('novo', 'bom', 'regular', 'ruim', 'danificado')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("inspection_contests").dropColumn("outcome_condition").execute();
}
