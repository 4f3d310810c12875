import { sql, type Kysely } from "kysely";

// Bank files as banks deliver them (issue 35; docs/decisions/0035-statement-files.md
// and 0037-reconciliation.md, "Imports as banks deliver them"):
// - statement_imports.kind may be 'cnab400' (the retorno de cobrança of Banco
//   do Brasil, Itaú, Bradesco, Sicoob and Sicredi). The kind's CHECK is part
//   of the table, and SQLite cannot alter a CHECK: the table is rebuilt
//   (SQLite's "making other kinds of table schema changes", §7 of ALTER
//   TABLE): foreign keys off, new table, copy, drop, rename, check, on. The
//   lines keep pointing at "statement_imports" by name, so they follow.
// - statement_imports.sha256: the file's bytes, hashed; unique, so that the
//   same file imported twice (even by two people at once) is one import:
//   "Este arquivo já foi importado". Imports made before have none (NULLs do
//   not collide).
// - statement_imports.document_horizon_id: the highest billing_documents id
//   when the file was imported. The review recomputes the page's proposals;
//   a CNAB nosso número is looked up among the boletos attached since (to a
//   billing created since, or to one that had none), which the import could
//   not see, beside the proposal stored.
// - statement_lines.info: a CNAB movement that moves no money (02 entrada
//   confirmada, 09 baixa...): shown, counted neither as a credit nor as a
//   debit. movement / movement_name: the CNAB movement or ocorrência code and
//   its name as the layout names it. interest_cents: juros and multa the
//   payer paid (within the amount), as the bank reports them.
// - statement_lines (billing_id): which lines propose a billing (the review's
//   recomputed page leaves out billings another line of the import holds; a
//   billing deleted sets these to null, which read every line before).
// - statement_lines_info (import_id) where info = 1: an import's information
//   lines counted apart from its debits without reading every line.
// - clients (cpf_cnpj): a CPF/CNPJ named in a memo finds its tenant.
// - clients.surname_fold: the last word of the folded name (its last run of
//   letters: "maria aparecida souza 2" → "souza"), kept by triggers as
//   name_fold is (0024), indexed with name_fold: the review finds the
//   tenants a payer's name may be (first name and surname among the payer's
//   words) by one index seek each, where a range of the first name alone
//   was hundreds of entries at 5,000 contracts.
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const NOT_LETTERS = " 0123456789.,;:-_'/()&";
// The last run of letters of a folded text, in SQL.
const lastWord = (folded: string) =>
  `(select substr(t, length(rtrim(t, '${LETTERS}')) + 1) from (select rtrim(${folded}, '${NOT_LETTERS.replace("'", "''")}') as t))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        seq: number;
      }>`select seq from sqlite_sequence where name = 'statement_imports'`.execute(trx);
      await sql`create table statement_imports_new (
        id integer primary key autoincrement,
        kind text not null check (kind in ('ofx', 'cnab240', 'cnab400')),
        file_name text not null,
        file_key text not null unique,
        mime_type text not null,
        size integer not null,
        sha256 text,
        account text,
        period_start text,
        period_end text,
        lines_count integer not null,
        credits_count integer not null,
        exact_count integer not null,
        probable_count integer not null,
        already_count integer not null,
        settled_count integer default 0 not null,
        document_horizon_id integer,
        created_by_id integer references users (id) on delete set null,
        created_by_name text not null,
        created_at text not null,
        confirmed_by_name text,
        confirmed_at text
      )`.execute(trx);
      const columns = sql.raw(
        `id, kind, file_name, file_key, mime_type, size, account, period_start, period_end, lines_count,
        credits_count, exact_count, probable_count, already_count, settled_count, created_by_id,
        created_by_name, created_at, confirmed_by_name, confirmed_at`,
      );
      await sql`insert into statement_imports_new (${columns}) select ${columns} from statement_imports`.execute(trx);
      await sql`drop table statement_imports`.execute(trx);
      await sql`alter table statement_imports_new rename to statement_imports`.execute(trx);
      // An id is never given twice, even the last one's if it was deleted.
      const seq = rows[0]?.seq;
      if (seq !== undefined) {
        await sql`insert into sqlite_sequence (name, seq) select 'statement_imports', ${seq}
          where not exists (select 1 from sqlite_sequence where name = 'statement_imports')`.execute(trx);
        await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'statement_imports'`.execute(trx);
      }
      await sql`create unique index statement_imports_sha256 on statement_imports (sha256) where sha256 is not null`.execute(
        trx,
      );
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }

  await db.schema
    .alterTable("statement_lines")
    .addColumn("info", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`info in (0, 1)`),
    )
    .execute();
  await db.schema.alterTable("statement_lines").addColumn("movement", "text").execute();
  await db.schema.alterTable("statement_lines").addColumn("movement_name", "text").execute();
  await db.schema
    .alterTable("statement_lines")
    .addColumn("interest_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("statement_lines_billing").on("statement_lines").column("billing_id").execute();
  await sql`create index statement_lines_info on statement_lines (import_id) where info = 1`.execute(db);
  await db.schema.createIndex("clients_cpf_cnpj").on("clients").column("cpf_cnpj").execute();

  await sql`alter table clients add column surname_fold text not null default ''`.execute(db);
  await sql.raw(`update clients set surname_fold = ${lastWord("name_fold")}`).execute(db);
  await sql
    .raw(
      `create trigger clients_surname_fold_insert after insert on clients
      begin update clients set surname_fold = ${lastWord("fold(new.name)")} where id = new.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger clients_surname_fold_update after update of name on clients
      begin update clients set surname_fold = ${lastWord("fold(new.name)")} where id = new.id; end`,
    )
    .execute(db);
  await sql`create index clients_surname_fold on clients (surname_fold, name_fold, id)`.execute(db);
}
