import { sql, type Kysely } from "kysely";

// An owner statement's PDF is drawn after the transaction that makes the
// statement final (docs/decisions/0040-owner-transfers.md, "The PDF after the
// statement"): until then its file_key is "pending:<id>" (the column stays
// not null and unique, and the name is no private file's: privateFilePath
// refuses it). The drawer finds the few undrawn ones among every statement
// ever made through this partial index.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index owner_statements_pdf_pending on owner_statements (id) where file_key like 'pending:%'`.execute(
    db,
  );
}
