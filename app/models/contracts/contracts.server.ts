import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { storeDocument, uploadedBy } from "#app/models/files/documents.server";
import { pageOf, queryBatches } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import type { ContractsQuery } from "./contracts-query";

// Contract files of rental clients (docs/product.md §Contratos;
// docs/decisions/0024-private-files.md). The file lives under uploads/private
// with a random key; the row keeps the original name, the type found by content
// and who sent it. A row and its audit row are written together; a file whose
// row is not written is removed.

type DB = Kysely<Database>;

export const CONTRACT_KINDS = ["pdf", "doc", "docx"] as const;

// "Gestão de Contratos" (docs/product.md §Contratos): newest first, with the
// client's name; ?busca= finds the client (name, CPF/CNPJ, email) or the
// file's name (contracts-query.ts).
function contractsList(db: DB, q: ContractsQuery) {
  let filtered = db.selectFrom("contracts").innerJoin("clients", "clients.id", "contracts.client_id");
  const found = searchCondition(q.search, {
    text: ["clients.name", "clients.email", "contracts.file_name"],
    documents: ["clients.cpf_cnpj"],
  });
  if (found) filtered = filtered.where(found);
  const ordered = (query: typeof filtered) =>
    query
      .select([
        "contracts.id",
        "contracts.client_id",
        "clients.name as client_name",
        "clients.cpf_cnpj as client_cpf_cnpj",
        "contracts.file_name",
        "contracts.mime_type",
        "contracts.size",
        "contracts.uploaded_by_name",
        "contracts.uploaded_at",
      ])
      .orderBy("contracts.uploaded_at", "desc")
      .orderBy("contracts.id", "desc");
  return { filtered, ordered };
}

// One page of the list.
export async function listContracts(db: DB, q: ContractsQuery) {
  const { filtered, ordered } = contractsList(db, q);
  return pageOf(filtered, q.page, ordered);
}

// Every contract of the list, batch by batch (Exportar CSV): one a client and
// a file, a few thousand rows.
export function contractsExportBatches(db: DB, q: ContractsQuery) {
  const { filtered, ordered } = contractsList(db, q);
  return queryBatches(ordered(filtered));
}
export type ContractRow = Awaited<ReturnType<typeof listContracts>>["rows"][number];

export async function getContract(db: DB, id: number) {
  return (
    (await db
      .selectFrom("contracts")
      .innerJoin("clients", "clients.id", "contracts.client_id")
      .select([
        "contracts.id",
        "contracts.file_name",
        "contracts.uploaded_at",
        "contracts.uploaded_by_name",
        "clients.name as client_name",
      ])
      .where("contracts.id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

// The clients the upload form offers, by name.
export async function listClientChoices(db: DB) {
  return db.selectFrom("clients").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}

export type NewContract = { clientId: number; fileName: string; bytes: Uint8Array };
export type ContractRefusal = "type" | "client";

// Stores the file and writes its row with the audit row (storeDocument): a
// refused type writes nothing, a client gone meanwhile leaves no file behind.
export async function createContract(
  db: DB,
  input: NewContract,
  actor: AuditActor,
): Promise<{ ok: true; id: number } | { ok: false; reason: ContractRefusal }> {
  return storeDocument(db, input, {
    kinds: CONTRACT_KINDS,
    fallbackName: "contrato",
    owner: { table: "clients", id: input.clientId, missing: "client" },
    insert: async (trx, file) => {
      const values = { client_id: input.clientId, ...file, uploaded_by_id: actor?.id ?? null, ...uploadedBy(actor) };
      return (await trx.insertInto("contracts").values(values).returning("id").executeTakeFirstOrThrow()).id;
    },
    audit: { actor, entity: "contract", owner: { client_id: input.clientId } },
  });
}

// Deletes the row (with its audit row) and returns the file key to remove
// after the commit; null when there is no such contract.
export async function deleteContract(db: DB, id: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("contracts")
      .select(["client_id", "file_name", "file_key", "mime_type", "size"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return null;
    await trx.deleteFrom("contracts").where("id", "=", id).execute();
    const { file_key, ...shown } = before;
    await recordAudit(trx, { actor, action: "delete", entity: "contract", entityId: id, before: shown });
    return { fileName: before.file_name, fileKey: file_key };
  });
}
