import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { createBilling, generateContractBillings, getBilling } from "#app/models/billing/billing.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { createDueBillings } from "#app/models/billing/jobs.server";
import { listHolidays, removeHoliday, saveHoliday } from "#app/models/calendar/holidays.server";
import { createClient } from "#app/models/clients/clients.server";
import { createUser } from "#app/models/accounts/users.server";
import { defaultAgency } from "#app/config/agency";
import { recordBillingGaps } from "#app/models/billing/gaps.server";
import { getAttention } from "#app/models/dashboard/attention.server";
import { createMaintenanceRequest } from "#app/models/maintenance/requests.server";
import { endContract } from "#app/models/clients/contract-end.server";
import { currentAnniversary } from "#app/models/owners/readjustments.server";
import { saveGuarantee } from "#app/models/guarantees/guarantees.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The lease's dates (issue 36; docs/decisions/0066-lease-dates.md) on a fresh
// database: the holidays the migration filled, a billing's grace day, the
// first month pro rata and never due before the start, and a holiday staff
// add reaching the open billings due near it.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: "2026-12-01" };

let seq = 0;
async function newClient(values: Partial<Parameters<typeof createClient>[1]> = {}) {
  seq += 1;
  const created = await createClient(
    db,
    {
      name: `Inquilino ${seq}`,
      email: `i${seq}@teste.com`,
      username: `inquilino${seq}`,
      password: "senha1234",
      payment_due_day: 5,
      ...values,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}
const bill = async (client_id: number, due_date: string, amount = 100_000) => {
  const r = await createBilling(
    db,
    { client_id, month_year: due_date.slice(0, 7), amount_cents: cents(amount), due_date },
    actor,
  );
  if (!r.ok) throw new Error("billing");
  return r.id;
};
const graceOf = async (id: number) =>
  (await db.selectFrom("billing").select("grace_until").where("id", "=", id).executeTakeFirstOrThrow()).grace_until;

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-lease-dates-"));
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
});
afterAll(async () => {
  await cleanup();
});

describe("holidays", () => {
  it("come filled for 2026-2028 with their sources, Três Lagoas' own among them", async () => {
    const days = await listHolidays(db, 2027);
    expect(days.map((d) => d.day)).toEqual(
      expect.arrayContaining(["2027-01-01", "2027-06-15", "2027-10-11", "2027-11-20"]),
    );
    expect(days.every((d) => d.source.length > 0)).toBe(true);
    expect(days.find((d) => d.day === "2027-06-15")).toMatchObject({ scope: "municipal" });
    expect((await listHolidays(db, 2028)).length).toBeGreaterThan(10);
  });

  it("give a billing due on a Saturday before a holiday Monday its grace to Tuesday, and charge nothing paid then", async () => {
    const client = await newClient();
    // Saturday 05/09/2026; Monday 07/09 Independência.
    const id = await bill(client, "2026-09-05");
    expect(await graceOf(id)).toBe("2026-09-08");
    expect(await getBilling(db, id, "2026-09-08")).toMatchObject({
      status: "pending",
      charges: { days: 0, total: 100_000 },
    });
    expect(await getBilling(db, id, "2026-09-09")).toMatchObject({ status: "overdue", charges: { days: 1 } });
    const paid = await registerPayment(db, id, { payment_date: "2026-09-08", amount_paid: null }, actor, issuer);
    expect(paid).toMatchObject({ ok: true, amount_paid: 100_000, openAfter: 0 });
  });

  it("added by staff, move the open billings due near them, and go back when removed, with audit rows", async () => {
    const client = await newClient();
    const id = await bill(client, "2026-11-28"); // Saturday: Monday 30/11
    const paid = await bill(client, "2026-11-27");
    expect(await graceOf(id)).toBe("2026-11-30");
    const changed = await saveHoliday(
      db,
      {
        day: "2026-11-30",
        name: "Ponto facultativo municipal",
        scope: "municipal",
        source: "Decreto municipal de teste",
      },
      actor,
    );
    expect(changed).toBeGreaterThanOrEqual(1);
    expect(await graceOf(id)).toBe("2026-12-01");
    expect(await graceOf(paid)).toBe("2026-11-27");
    expect(await removeHoliday(db, "2026-11-30", actor)).toBe(true);
    expect(await graceOf(id)).toBe("2026-11-30");
    expect(await removeHoliday(db, "2026-11-30", actor)).toBe(false);
    const audit = await db.selectFrom("audit_log").select(["action"]).where("entity", "=", "holiday").execute();
    expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
  });
});

describe("the first month", () => {
  it("of the issue's lease (15/11 to 14/02, due day 5) is 16 days, due 05/12, and February's 14 days are billed", async () => {
    const client = await newClient({
      contract_start_date: "2026-11-15",
      contract_end_date: "2027-02-14",
      monthly_rent: cents(150_000),
    });
    const made = await generateContractBillings(db, client, actor);
    expect(made.ok).toBe(true);
    const rows = await db
      .selectFrom("billing")
      .select(["month_year", "due_date", "grace_until", "amount_cents", "period_start", "period_end", "period_days"])
      .where("client_id", "=", client)
      .orderBy("month_year")
      .execute();
    expect(rows).toEqual([
      // Saturday 05/12: payable up to Monday 07/12.
      {
        month_year: "2026-11",
        due_date: "2026-12-05",
        grace_until: "2026-12-07",
        amount_cents: 80_000,
        period_start: "2026-11-15",
        period_end: "2026-11-30",
        period_days: 30,
      },
      {
        month_year: "2026-12",
        due_date: "2026-12-05",
        grace_until: "2026-12-07",
        amount_cents: 150_000,
        period_start: "2026-12-01",
        period_end: "2026-12-31",
        period_days: 31,
      },
      {
        month_year: "2027-01",
        due_date: "2027-01-05",
        grace_until: "2027-01-05",
        amount_cents: 150_000,
        period_start: "2027-01-01",
        period_end: "2027-01-31",
        period_days: 31,
      },
      {
        month_year: "2027-02",
        due_date: "2027-02-05",
        grace_until: "2027-02-05",
        amount_cents: 75_000,
        period_start: "2027-02-01",
        period_end: "2027-02-14",
        period_days: 28,
      },
    ]);
  });

  it("is created by the hourly job on its own due date, never before the start, with nothing overdue on the day it is registered", async () => {
    const client = await newClient({
      contract_start_date: "2026-11-15",
      contract_end_date: "2027-11-14",
      monthly_rent: cents(150_000),
    });
    // Registered on the 15th, the job runs then: the first month (due 05/12) is within the issue window.
    await createDueBillings(db, "2026-11-20", 20);
    const rows = await db
      .selectFrom("billing")
      .select(["month_year", "due_date", "amount_cents"])
      .where("client_id", "=", client)
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([{ month_year: "2026-11", due_date: "2026-12-05", amount_cents: 80_000 }]),
    );
    expect(rows.every((r) => r.due_date >= "2026-11-15")).toBe(true);
  });
});

describe("months nobody will bill", () => {
  it("are counted for the dashboard when the job cannot reach them, and cleared by Gerar Cobranças do Contrato", async () => {
    const client = await newClient({
      name: "Vera Atrasada Cadastro",
      contract_start_date: "2026-08-01",
      contract_end_date: "2027-07-31",
      monthly_rent: cents(120_000),
    });
    // Registered today with August to November behind it: the job bills
    // what is due from its catch-up day on, not the months before.
    await createDueBillings(db, "2026-11-29", 20);
    expect(await recordBillingGaps(db, "2026-11-29", 20)).toBeGreaterThanOrEqual(1);
    const attention = await getAttention(db, "2026-11-29");
    expect(attention.billingGaps.clients).toContainEqual({ id: client, name: "Vera Atrasada Cadastro", months: 4 });
    // Counting again changes nothing.
    expect(await recordBillingGaps(db, "2026-11-29", 20, [client])).toBe(0);
    await generateContractBillings(db, client, actor);
    const row = await db
      .selectFrom("clients")
      .select("billing_gap_months")
      .where("id", "=", client)
      .executeTakeFirstOrThrow();
    expect(row.billing_gap_months).toBe(0);
  });
});

describe("what tenants send reaches staff", () => {
  it("a maintenance request is counted in Atenção and emailed to the agency once", async () => {
    const client = await newClient({ name: "Rita Pede Conserto" });
    const id = await createMaintenanceRequest(
      db,
      client,
      { title: "Vazamento na pia", description: "Pinga desde ontem.", category: "plumbing", priority: "high" },
      [],
    );
    const mail = await db
      .selectFrom("email_outbox")
      .select(["kind", "to_address", "subject", "text"])
      .where("dedupe_key", "=", `staff:maintenance:${id}`)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      kind: "staff_alert",
      to_address: defaultAgency.email,
      subject: "Nova solicitação de manutenção: Vazamento na pia",
    });
    expect(mail.text).toContain("Rita Pede Conserto pediu uma manutenção (prioridade alta).");
    expect(mail.text).toContain(`/admin/clients/manutencoes/${id}`);
    expect((await getAttention(db, "2026-11-30")).maintenancePending).toBeGreaterThanOrEqual(1);
  });
});

describe("an indefinite term", () => {
  it("keeps a lease past its end billed by the hourly job, and readjusted, until staff end it", async () => {
    const client = await newClient({
      name: "Otávio Continua",
      contract_start_date: "2025-12-01",
      contract_end_date: "2026-11-30",
      monthly_rent: cents(100_000),
    });
    await db
      .updateTable("clients")
      .set({ created_at: "2025-11-20T12:00:00.000Z", readjustment_index: "IGPM" })
      .where("id", "=", client)
      .execute();
    await generateContractBillings(db, client, actor);
    // The job on 10/12/2026: the term ended on 30/11, nobody ended the contract.
    await createDueBillings(db, "2026-12-10", 20);
    const december = await db
      .selectFrom("billing")
      .select(["due_date", "amount_cents", "period_start", "period_end"])
      .where("client_id", "=", client)
      .where("month_year", "=", "2026-12")
      .execute();
    expect(december).toEqual([
      { due_date: "2026-12-05", amount_cents: 100_000, period_start: "2026-12-01", period_end: "2026-12-31" },
    ]);
    // Its first anniversary (01/12/2026) still counts, after the term's end.
    const contract = await db.selectFrom("clients").selectAll().where("id", "=", client).executeTakeFirstOrThrow();
    expect(
      currentAnniversary(
        {
          ...contract,
          contract_start_date: "2025-12-01",
          monthly_rent_cents: cents(100_000),
          readjustment_index: "IGPM",
        },
        null,
        "2026-12-10",
        "2027-02-08",
      ),
    ).toBe("2026-12-01");
    // Ended by staff on 31/12: January is not billed.
    const ended = await endContract(
      db,
      client,
      { ended_on: "2026-12-31", ended_reason: "Devolveu as chaves" },
      actor,
      "2026-12-31",
    );
    expect(ended).toMatchObject({ ok: true });
    await createDueBillings(db, "2027-01-02", 20);
    expect(
      await db
        .selectFrom("billing")
        .select("month_year")
        .where("client_id", "=", client)
        .where("month_year", ">=", "2027-01")
        .execute(),
    ).toEqual([]);
  });
});

describe("a contract's guarantee", () => {
  it("is one a contract: saved, replaced, refused above three rents for a caução, warned before it ends, removed", async () => {
    const client = await newClient({
      name: "Gilda Garantida",
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-12-31",
      monthly_rent: cents(150_000),
    });
    const base = { copy_on_arrears: false } as const;
    expect(await saveGuarantee(db, client, { ...base, kind: "caucao", amount: cents(450_001) }, actor)).toEqual({
      ok: false,
      reason: "caution",
    });
    expect(await saveGuarantee(db, client, { ...base, kind: "caucao", amount: cents(450_000) }, actor)).toEqual({
      ok: true,
      removed: false,
    });
    const policy = {
      ...base,
      kind: "seguro_fianca" as const,
      provider_name: "Seguradora Exemplo",
      valid_until: "2027-01-15",
      copy_on_arrears: true,
    };
    expect(await saveGuarantee(db, client, policy, actor)).toMatchObject({ ok: true });
    const rows = await db.selectFrom("guarantees").selectAll().where("client_id", "=", client).execute();
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "seguro_fianca",
        amount_cents: null,
        valid_until: "2027-01-15",
        copy_on_arrears: 1,
      }),
    ]);
    // 60 days before its end it reaches the dashboard; 30 days before, counted as urgent.
    expect((await getAttention(db, "2026-11-10")).guaranteesEnding.first).not.toContainEqual(
      expect.objectContaining({ clientId: client }),
    );
    const attention = await getAttention(db, "2026-12-20");
    expect(attention.guaranteesEnding.first).toContainEqual({
      clientId: client,
      name: "Gilda Garantida",
      validUntil: "2027-01-15",
    });
    expect(attention.guaranteesEnding.within30).toBeGreaterThanOrEqual(1);
    expect(await saveGuarantee(db, client, { ...base, kind: "nenhuma" }, actor)).toEqual({ ok: true, removed: true });
    expect(await db.selectFrom("guarantees").selectAll().where("client_id", "=", client).execute()).toEqual([]);
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "guarantee")
      .where("entity_id", "=", String(client))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "delete"]);
  });
});
