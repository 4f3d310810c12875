import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { localToday } from "#app/models/shared/days";
import { storePrivateFile } from "#app/models/files/private-store.server";
import { documentStates, type DocumentState } from "#app/models/documents/acceptance.server";

// The lease's own documents a tenant reads in the client area's Contrato tab
// (decisions 0069, 0071, 0075, 0041): each Termo Aditivo and Aviso de
// Reajuste, the Termo de Encerramento and the guarantee's documents, newest
// first, with their links (the file routes check the tenant again).
// `acceptance`: a Termo or an Aviso the tenant is asked to accept (decision
// 0080), where, or when they did.
export type LeaseDocument = {
  key: string;
  label: string;
  on: string;
  href: string;
  acceptance?: { href: string; accepted: DocumentState["accepted"] };
};

export async function ownLeaseDocuments(db: Kysely<Database>, clientId: number): Promise<LeaseDocument[]> {
  const versions = await db
    .selectFrom("lease_versions")
    .select(["id", "kind", "effective_on"])
    .where("client_id", "=", clientId)
    .orderBy("id", "desc")
    .execute();
  // The yearly readjustments' notices (decision 0041); a row made before
  // notices were drawn has none: its email was the notice.
  const notices = await db
    .selectFrom("readjustments")
    .select(["id", "anniversary"])
    .where("client_id", "=", clientId)
    .where("notice_key", "is not", null)
    .orderBy("anniversary", "desc")
    .execute();
  // The guarantee's documents (decision 0075): the apólice, the carta de fiança.
  const guarantee = await db
    .selectFrom("guarantee_documents")
    .select(["id", "file_name", "uploaded_at"])
    .where("client_id", "=", clientId)
    .orderBy("id", "desc")
    .execute();
  const settlement = await db
    .selectFrom("lease_settlements")
    .select(["id", "returned_on"])
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  const settled = await documentStates(db, "settlement", settlement ? [settlement.id] : []);
  const added = await documentStates(
    db,
    "addendum",
    versions.map((v) => v.id),
  );
  const noticed = await documentStates(
    db,
    "readjustment_notice",
    notices.map((n) => n.id),
  );
  const acceptance = (state: DocumentState | undefined) =>
    state ? { acceptance: { href: `/client-area/documentos/${state.id}`, accepted: state.accepted } } : {};
  return [
    ...(settlement
      ? [
          {
            key: `s${settlement.id}`,
            label: "Termo de Encerramento",
            on: settlement.returned_on,
            href: `/arquivos/termos-encerramento/${settlement.id}`,
            ...acceptance(settled.get(settlement.id)),
          },
        ]
      : []),
    // Termos and notices together, the latest day first (a sort keeps ties in order).
    ...[
      ...versions.map((v) => ({
        key: `v${v.id}`,
        label: v.kind === "renovacao" ? "Termo Aditivo de Renovação" : "Termo Aditivo",
        on: v.effective_on,
        href: `/arquivos/aditivos/${v.id}`,
        ...acceptance(added.get(v.id)),
      })),
      ...notices.map((n) => ({
        key: `r${n.id}`,
        label: "Aviso de Reajuste",
        on: n.anniversary,
        href: `/arquivos/reajustes/${n.id}`,
        ...acceptance(noticed.get(n.id)),
      })),
    ].sort((a, b) => b.on.localeCompare(a.on)),
    ...guarantee.map((g) => ({
      key: `g${g.id}`,
      label: `Garantia: ${g.file_name}`,
      on: localToday(new Date(g.uploaded_at)),
      href: `/arquivos/garantias/${g.id}`,
    })),
  ];
}

// A lease's Termo (Aditivo, de Encerramento) stored as a private PDF: its
// key goes into `created`, for the caller to remove should its transaction
// not commit; the row's file columns come back.
export async function storeTermo(pdf: Uint8Array, fileName: string, created: string[]) {
  const file_key = await storePrivateFile(pdf, ".pdf");
  created.push(file_key);
  return { file_key, file_name: fileName, mime_type: "application/pdf", size: pdf.byteLength };
}
