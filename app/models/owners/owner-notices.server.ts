import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { enqueueEmail } from "#app/models/email/outbox.server";
import { absoluteUrl, getAgency } from "#app/utils/env.server";

// An email to an owner (issue 37, decision 0077), through the one outbox:
// once per event (its key), in the same transaction as what it tells, never
// more personal data of the tenant than the owner's area shows (the name).
// An owner without an email gets none; one with a login gets the link to
// their area, one without is told to call the agency.

type DB = Kysely<Database> | Transaction<Database>;

export type OwnerNotice = {
  key: string; // "approval:12": the event, once per owner
  subject: string;
  lines: string[];
  path?: string; // the page of the owner's area that shows it
};

export async function queueOwnerNotice(
  db: DB,
  owner: { id: number; name: string; email: string | null; user_id: number | null },
  notice: OwnerNotice,
  now = new Date(),
) {
  if (!owner.email) return false;
  const agency = getAgency();
  const where =
    owner.user_id !== null
      ? `Veja na Área do Proprietário: ${absoluteUrl(notice.path ?? "/area-do-proprietario")}`
      : `Fale com a imobiliária: ${agency.phoneDisplay}.`;
  return enqueueEmail(
    db,
    {
      kind: "owner_notice",
      dedupeKey: `owner:${owner.id}:${notice.key}`,
      to: owner.email,
      subject: notice.subject,
      text: [`Olá, ${owner.name}.`, "", ...notice.lines, "", where, "", agency.name].join("\n"),
    },
    now,
  );
}

// The owners of a lease, as a notice needs them.
export async function leaseOwners(db: DB, clientId: number) {
  return db
    .selectFrom("lease_owners as lo")
    .innerJoin("owners as o", "o.id", "lo.owner_id")
    .select(["o.id", "o.name", "o.email", "o.user_id", "o.approval_limit_cents", "lo.share_bp"])
    .where("lo.client_id", "=", clientId)
    .orderBy("lo.position")
    .execute();
}
