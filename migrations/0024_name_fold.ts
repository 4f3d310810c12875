import { sql, type Kysely } from "kysely";

// The names as the lists sort them, stored (issue 34,
// docs/decisions/0060-list-queries.md, "Names sorted off an index"): the
// lists order people "as people read them" (fold(): accents and case
// folded, "Álvaro" among the A's). Ordered by fold(name), SQLite called the
// app's fold() once a row on every view (2,000 owners, 5,000 tenants: 4-7 ms
// of JavaScript per list); name_fold holds that value, indexed with the id,
// so a page is read in order off the index.
//
// Kept by triggers, not by the models: every insert and every rename,
// whichever code does it (forms, seeds, tests), gets it. The triggers call
// fold(), which only the app's connections have (db.server.ts): a name
// changed from the sqlite3 shell fails with "no such function: fold" rather
// than leaving a stale key. Reading, backups and integrity checks need no
// function (no index is on an expression).
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["clients", "owners"]) {
    // The default '' only fills the column for the insert's own trigger to
    // overwrite (and lets Kysely's type leave it out of inserts).
    await sql`alter table ${sql.table(table)} add column name_fold text not null default ''`.execute(db);
    await sql`update ${sql.table(table)} set name_fold = fold(name)`.execute(db);
    await sql
      .raw(
        `create trigger ${table}_name_fold_insert after insert on ${table}
      begin update ${table} set name_fold = fold(new.name) where id = new.id; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_name_fold_update after update of name on ${table}
      begin update ${table} set name_fold = fold(new.name) where id = new.id; end`,
      )
      .execute(db);
    await sql.raw(`create index ${table}_name_fold on ${table} (name_fold, id)`).execute(db);
  }
}
