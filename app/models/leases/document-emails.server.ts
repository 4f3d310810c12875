import type { Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { enqueueEmail } from "#app/models/email/outbox.server";
import { getAgency } from "#app/utils/env.server";

// A lease's Termo (Aditivo, decision 0071; de Encerramento, decision 0069) to
// its parties: the tenant and each owner with an email, queued in the
// transaction that makes it, so it goes exactly when the document exists,
// once each (its key).
export async function queueLeaseDocument(
  trx: Transaction<Database>,
  doc: { key: string; title: string; clientId: number; file_key: string; file_name: string; intro: string },
) {
  const tenant = await trx
    .selectFrom("clients")
    .select(["name", "email"])
    .where("id", "=", doc.clientId)
    .executeTakeFirst();
  const owners = await trx
    .selectFrom("lease_owners as lo")
    .innerJoin("owners", "owners.id", "lo.owner_id")
    .select(["owners.id", "owners.name", "owners.email"])
    .where("lo.client_id", "=", doc.clientId)
    .orderBy("lo.position")
    .execute();
  const agency = getAgency();
  const people = [
    ...(tenant?.email ? [{ key: "tenant", name: tenant.name, email: tenant.email }] : []),
    ...owners.flatMap((o) => (o.email ? [{ key: `owner:${o.id}`, name: o.name, email: o.email }] : [])),
  ];
  for (const p of people)
    await enqueueEmail(trx, {
      kind: "lease_document",
      dedupeKey: `${doc.key}:${p.key}`,
      ref: doc.key,
      to: p.email,
      subject: `${doc.title}: locação de ${tenant?.name ?? ""}`.trim(),
      text: [`Olá, ${p.name}.`, "", doc.intro, "O documento segue anexo, em PDF.", "", agency.name].join("\n"),
      attachments: [{ file_key: doc.file_key, filename: doc.file_name, content_type: "application/pdf" }],
    });
  return people.length;
}
