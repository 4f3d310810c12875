import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { enqueueEmail, enqueueEmails, type OutboxEmail } from "#app/models/email/outbox.server";
import { chunks } from "#app/models/shared/chunks";
import { addDays } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
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
  const email = ownerNoticeEmail(owner, notice);
  return email ? enqueueEmail(db, email, now) : false;
}

type NoticeOwner = { id: number; name: string; email: string | null; user_id: number | null };

export function ownerNoticeEmail(owner: NoticeOwner, notice: OwnerNotice): OutboxEmail | null {
  if (!owner.email) return null;
  const agency = getAgency();
  const where =
    owner.user_id !== null
      ? `Veja na Área do Proprietário: ${absoluteUrl(notice.path ?? "/area-do-proprietario")}`
      : `Fale com a imobiliária: ${agency.phoneDisplay}.`;
  return {
    kind: "owner_notice",
    dedupeKey: `owner:${owner.id}:${notice.key}`,
    to: owner.email,
    subject: notice.subject,
    text: [`Olá, ${owner.name}.`, "", ...notice.lines, "", where, "", agency.name].join("\n"),
  };
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

// How far back the hourly job looks: an event older than this (a backlog
// when the feature starts, or an owner given an email later) is not news.
export const NOTICE_LOOKBACK_DAYS = 30;
// A lease ending within this many days is announced to its owners.
export const ENDING_NOTICE_DAYS = 60;

const OWNER_COLUMNS = ["o.id", "o.name", "o.email", "o.user_id"] as const;

// The hourly job (ops/housekeeping.server.ts): the owners' emails of arrears
// on their properties, a lease ending in ENDING_NOTICE_DAYS and a
// readjustment applied, each once per owner and event (its key); the keys
// already in the outbox are read first, so an hour with nothing new writes
// nothing. Returns how many were queued.
export async function queueOwnerNotices(db: Kysely<Database>, today: string, now = new Date()) {
  const since = addDays(today, -NOTICE_LOOKBACK_DAYS);
  const [late, ending, readjusted] = await Promise.all([
    db
      .selectFrom("billing as b")
      .innerJoin("clients as c", "c.id", "b.client_id")
      .innerJoin("lease_owners as lo", "lo.client_id", "c.id")
      .innerJoin("owners as o", "o.id", "lo.owner_id")
      .select([
        ...OWNER_COLUMNS,
        "b.id as billingId",
        "b.month_year",
        "b.due_date",
        "c.name as tenant",
        "c.property_address",
      ])
      .where("b.status", "=", "overdue")
      .where("b.due_date", ">=", since)
      .where("o.email", "is not", null)
      .execute(),
    db
      .selectFrom("clients as c")
      .innerJoin("lease_owners as lo", "lo.client_id", "c.id")
      .innerJoin("owners as o", "o.id", "lo.owner_id")
      .select([...OWNER_COLUMNS, "c.id as clientId", "c.contract_end_date", "c.name as tenant", "c.property_address"])
      .where("c.contract_end_date", ">=", today)
      .where("c.contract_end_date", "<=", addDays(today, ENDING_NOTICE_DAYS))
      .where("c.ended_on", "is", null)
      .where("o.email", "is not", null)
      .execute(),
    db
      .selectFrom("readjustments as r")
      .innerJoin("clients as c", "c.id", "r.client_id")
      .innerJoin("lease_owners as lo", "lo.client_id", "c.id")
      .innerJoin("owners as o", "o.id", "lo.owner_id")
      .select([
        ...OWNER_COLUMNS,
        "r.id as readjustmentId",
        "r.anniversary",
        "r.old_rent_cents",
        "r.new_rent_cents",
        "c.name as tenant",
        "c.property_address",
      ])
      .where("r.applied_at", "is not", null)
      .where("r.anniversary", ">=", since)
      .where("o.email", "is not", null)
      .execute(),
  ]);
  const place = (address: string | null) => address ?? "alugado";
  const emails = [
    ...late.map((r) =>
      ownerNoticeEmail(r, {
        key: `arrears:${r.billingId}`,
        subject: `Aluguel em atraso: ${place(r.property_address)}`,
        lines: [
          `O aluguel de ${periodLabel(r.month_year)} do imóvel ${place(r.property_address)}, do inquilino ${r.tenant}, venceu em ${formatDay(r.due_date)} e não foi pago.`,
          "A imobiliária já está cobrando o inquilino; avisaremos no seu extrato quando for pago.",
        ],
      }),
    ),
    ...ending.map((r) =>
      ownerNoticeEmail(r, {
        key: `lease-ending:${r.clientId}:${r.contract_end_date}`,
        subject: `Contrato termina em ${formatDay(r.contract_end_date)}: ${place(r.property_address)}`,
        lines: [
          `O contrato de locação do imóvel ${place(r.property_address)}, do inquilino ${r.tenant}, termina em ${formatDay(r.contract_end_date)}.`,
          "Diga à imobiliária se deseja renovar, reajustar as condições ou retomar o imóvel.",
        ],
        path: `/area-do-proprietario/imoveis/${r.clientId}`,
      }),
    ),
    ...readjusted.map((r) =>
      ownerNoticeEmail(r, {
        key: `readjustment:${r.readjustmentId}`,
        subject: `Aluguel reajustado: ${place(r.property_address)}`,
        lines: [
          `O aluguel do imóvel ${place(r.property_address)}, do inquilino ${r.tenant}, foi reajustado a partir de ${formatDay(r.anniversary)}: de ${formatBRL(r.old_rent_cents)} para ${formatBRL(r.new_rent_cents)}.`,
        ],
      }),
    ),
  ].filter((e): e is OutboxEmail => e !== null);
  const known = new Set<string>();
  for (const keys of chunks(
    emails.map((e) => e.dedupeKey),
    500,
  )) {
    const rows = await db.selectFrom("email_outbox").select("dedupe_key").where("dedupe_key", "in", keys).execute();
    for (const r of rows) known.add(r.dedupe_key);
  }
  return enqueueEmails(
    db,
    emails.filter((e) => !known.has(e.dedupeKey)),
    now,
  );
}
