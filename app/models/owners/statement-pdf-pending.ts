import { sql } from "kysely";

// An owner statement whose PDF is still to be drawn (mark-transfer.server.ts,
// migration 0027): its file_key until then is "pending:<id>", unique like
// every key and no private file's name (privateFilePath refuses the colon).
// The SQL terms are the partial index's own, literals, so that SQLite reads
// owner_statements_pdf_pending.
const PREFIX = "pending:";
export const pendingPdfKey = (id: number) => `${PREFIX}${id}`;
export const isPdfPending = (fileKey: string) => fileKey.startsWith(PREFIX);
export const PDF_PENDING = sql<boolean>`owner_statements.file_key like 'pending:%'`;
export const PDF_DRAWN = sql<boolean>`owner_statements.file_key not like 'pending:%'`;
