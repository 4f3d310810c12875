import type { Kysely, Transaction } from "kysely";
import { addDays, daysInMonth } from "#app/models/shared/days";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { rerentOpenBillings } from "#app/models/billing/rerent.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { leaseOwners } from "#app/models/owners/lease-owners.server";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";
import type { LeaseTerms, RenewalInput } from "./renewal.schema";
import { renderAddendumPdf } from "./renewal-pdf.server";
import { queueLeaseDocument } from "./document-emails.server";
import { storeTermo } from "./documents.server";
import { firstNames, newVerification, registerDocument } from "#app/models/documents/registry.server";
import { formatDay } from "#app/models/clients/status";

// "Renovar ou aditar" (issue 36, docs/decisions/0071-renewals.md): the
// contract's new end and/or rent as a version of the lease (lease_versions),
// with its Termo Aditivo PDF; the new rent on the unpaid billings due from its
// day (rerentOpenBillings), the months not billed yet from the contract's
// new terms. One transaction; posted twice (its key), one version.

type DB = Kysely<Database>;

export type RenewResult =
  | { ok: true; id: number; duplicate: boolean; rebilled: number }
  | { ok: false; reason: "client" | "ended" | "end-before" | "before-start" | "same-rent" | "rent-ahead" };

export async function renewLease(
  db: DB,
  clientId: number,
  input: RenewalInput,
  actor: AuditActor,
  agency: PdfAgency,
  today: string,
): Promise<RenewResult> {
  const created: string[] = [];
  try {
    return await db.transaction().execute(async (trx): Promise<RenewResult> => {
      const done = await trx
        .selectFrom("lease_versions")
        .select("id")
        .where("op_key", "=", input.chave)
        .executeTakeFirst();
      if (done) return { ok: true, id: done.id, duplicate: true, rebilled: 0 };
      const c = await trx
        .selectFrom("clients")
        .select([
          "name",
          "cpf_cnpj",
          "property_address",
          "contract_start_date",
          "contract_end_date",
          "monthly_rent_cents",
          "ended_on",
        ])
        .where("id", "=", clientId)
        .executeTakeFirst();
      if (!c) return { ok: false, reason: "client" };
      if (c.ended_on) return { ok: false, reason: "ended" };
      if (c.contract_start_date && input.effective_on < c.contract_start_date)
        return { ok: false, reason: "before-start" };
      if (
        input.new_end &&
        (input.new_end <= input.effective_on || (c.contract_end_date && input.new_end <= c.contract_end_date))
      )
        return { ok: false, reason: "end-before" };
      if (input.new_rent !== undefined && !input.new_end && input.new_rent === c.monthly_rent_cents)
        return { ok: false, reason: "same-rent" };
      // The new rent goes on the billings from its vigência (rerentOpenBillings)
      // and on every billing made after this (clients.monthly_rent_cents): a
      // vigência past the first month not billed yet would bill the months
      // between at the new rent.
      if (input.new_rent !== undefined && input.new_rent !== c.monthly_rent_cents) {
        const firstUnbilled = await firstUnbilledDay(trx, clientId, c.contract_start_date);
        if (firstUnbilled !== null && input.effective_on > firstUnbilled) return { ok: false, reason: "rent-ahead" };
      }
      const before: LeaseTerms = {
        start: c.contract_start_date,
        end: c.contract_end_date,
        rent_cents: c.monthly_rent_cents,
      };
      const after: LeaseTerms = {
        start: c.contract_start_date,
        end: input.new_end ?? c.contract_end_date,
        rent_cents: input.new_rent ?? c.monthly_rent_cents,
      };
      const now = new Date().toISOString();
      await trx
        .updateTable("clients")
        .set({ contract_end_date: after.end, monthly_rent_cents: after.rent_cents, updated_at: now })
        .where("id", "=", clientId)
        .execute();
      const kind = input.new_end ? ("renovacao" as const) : ("aditivo" as const);
      const rebilled =
        input.new_rent !== undefined && input.new_rent !== c.monthly_rent_cents
          ? await rerentOpenBillings(
              trx,
              clientId,
              input.effective_on,
              input.new_rent,
              actor,
              now,
              kind === "renovacao" ? "Renovação" : "Aditivo",
            )
          : 0;
      const owners = await leaseOwners(trx, clientId);
      const verification = newVerification();
      const pdf = await renderAddendumPdf({
        agency,
        verification,
        tenant: { name: c.name, cpf_cnpj: c.cpf_cnpj, property_address: c.property_address },
        owners: owners.map((o) => o.name),
        kind,
        effectiveOn: input.effective_on,
        reason: input.reason,
        before,
        after,
        issuedOn: today,
      });
      const row = {
        client_id: clientId,
        kind,
        effective_on: input.effective_on,
        reason: input.reason,
        before: JSON.stringify(before),
        after: JSON.stringify(after),
        op_key: input.chave,
        ...(await storeTermo(pdf, `Termo Aditivo - ${c.name}.pdf`, created)),
        created_by_name: actor?.name ?? "Sistema",
        created_at: now,
      };
      const { id } = await trx.insertInto("lease_versions").values(row).returning("id").executeTakeFirstOrThrow();
      const title = kind === "renovacao" ? "Termo Aditivo de Renovação" : "Termo Aditivo";
      const parties = firstNames([c.name, ...owners.map((o) => o.name)]);
      await registerDocument(trx, verification, { kind: "addendum", refId: id, title, issuedOn: today, parties }, pdf);
      await queueLeaseDocument(trx, {
        key: `lease-version:${id}`,
        title,
        clientId,
        file_key: row.file_key,
        file_name: row.file_name,
        intro: `Segue o termo aditivo do contrato de locação, em vigor a partir de ${formatDay(input.effective_on)}.`,
      });
      await recordAudit(trx, {
        actor,
        action: "create",
        entity: "lease_version",
        entityId: id,
        after: { kind, effective_on: input.effective_on, reason: input.reason, before, after },
      });
      return { ok: true, id, duplicate: false, rebilled };
    });
  } catch (error) {
    await removePrivateFiles(created);
    throw error;
  }
}

export async function leaseVersions(db: DB, clientId: number) {
  const rows = await db
    .selectFrom("lease_versions")
    .select(["id", "kind", "effective_on", "reason", "before", "after", "created_by_name", "created_at"])
    .where("client_id", "=", clientId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    ...r,
    before: JSON.parse(r.before) as LeaseTerms,
    after: JSON.parse(r.after) as LeaseTerms,
  }));
}

// The first day no billing of the contract covers yet: the day after the
// latest period billed (a billing from before periods: its whole month), or
// the contract's start when none was made. null: neither is known.
async function firstUnbilledDay(trx: Transaction<Database>, clientId: number, start: string | null) {
  const last = await trx
    .selectFrom("billing")
    .select(["month_year", "period_end"])
    .where("client_id", "=", clientId)
    .orderBy("month_year", "desc")
    .orderBy("period_end", "desc")
    .executeTakeFirst();
  if (!last) return start;
  const end =
    last.period_end ??
    `${last.month_year}-${String(daysInMonth(Number(last.month_year.slice(0, 4)), Number(last.month_year.slice(5, 7)))).padStart(2, "0")}`;
  return addDays(end, 1);
}
