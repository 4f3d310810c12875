import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { DuplicateUserError } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { createClient, type ClientValues } from "#app/models/clients/clients.server";
import { getAttention } from "#app/models/dashboard/attention.server";
import {
  addMaintenanceCost,
  answerApproval,
  costsOfLeaseForOwner,
  costsOfRequest,
  ownerPendingApprovals,
  unansweredApprovals,
} from "#app/models/maintenance/costs.server";
import { requestBankChange } from "#app/models/owners/bank-requests.server";
import { leaseOwnersSchema } from "#app/models/owners/lease-owners.schema";
import { saveLeaseOwners } from "#app/models/owners/lease-owners.server";
import { giveOwnerAccess } from "#app/models/owners/logins.server";
import { queueOwnerNotices } from "#app/models/owners/owner-notices.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner, updateOwner } from "#app/models/owners/owners.server";
import { addDays } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
import { privateFolders, staffActor } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";

// A maintenance cost and the owners' approval (issue 37, decision 0077): each
// owner of the lease whose limit the cost passes is asked once (a row, and an
// email when they have one); the owner answers once, only their own question;
// an unanswered question counts on the dashboard after OWNER_APPROVAL_DAYS.
// The hourly job's owner emails (arrears, a lease ending, a readjustment),
// once per owner and event, never with the tenant's contact data. An owner's
// changed email reaches their own login, not a tenant's.
//
// L1: Tiago's lease, co-owned by Olga (O1, limit 500,00, a login) and Otávio
// (O2, limit raised to 2.000,00, no login). L2: Teresa's, Orlando's (O3, no
// email). L3: Tânia's, Olga's alone, ending within 60 days. L4: Telma's,
// Otávio's, ended.

const folders = privateFolders("it-owner-approvals");
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let actor: { id: number; name: string };
const TODAY = "2026-11-30";
const NOW = new Date("2026-11-30T14:00:00.000Z");

const L1_ADDRESS = "Rua das Palmeiras, 10, Três Lagoas/MS, 79600-000";
const L2_ADDRESS = "Rua Paranaíba, 55, Três Lagoas/MS, 79602-000";
const L3_ADDRESS = "Avenida Rosário, 300, Três Lagoas/MS, 79601-000";
const TIAGO = { email: "tiago@teste.com", phone: "(67) 99999-0001", cpf: "39053344705" };
const L3_END = addDays(TODAY, 45);

const O1_INPUT = { name: "Olga Proprietária", cpf_cnpj: "153.509.460-56", email: "olga@exemplo.com" };
const O2_INPUT = { name: "Otávio Coproprietário", cpf_cnpj: "529.982.247-25", email: "otavio@exemplo.com" };

let o1: number;
let o2: number;
let o3: number;
let o1User: number;
let l1: number;
let l2: number;
let l3: number;
let l4: number;
let r1: number; // L1's request
let r2: number; // L2's request

async function lease(values: Partial<ClientValues> & Pick<ClientValues, "name" | "email" | "username">) {
  const created = await createClient(
    db,
    {
      password: "senha1234",
      payment_due_day: 5,
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-12-31",
      ...values,
    },
    actor,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function request(clientId: number, title: string) {
  const { id } = await db
    .insertInto("maintenance_requests")
    .values({
      client_id: clientId,
      title,
      description: "Pinga desde ontem.",
      requested_at: "2026-11-12T10:00:00.000Z",
      updated_at: "2026-11-12T10:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function overdueBilling(clientId: number, month: string, dueDate: string, amount = 200_000) {
  const b = await createBilling(
    db,
    { client_id: clientId, month_year: month, amount_cents: cents(amount), due_date: dueDate },
    actor,
  );
  if (!b.ok) throw new Error("billing");
  await db.updateTable("billing").set({ status: "overdue" }).where("id", "=", b.id).execute();
  return b.id;
}

const audits = async (entity: string, entityId: number) =>
  (
    await db
      .selectFrom("audit_log")
      .select(["action", "changes", "actor_id"])
      .where("entity", "=", entity)
      .where("entity_id", "=", String(entityId))
      .orderBy("id")
      .execute()
  ).map((r) => ({
    action: r.action,
    actorId: r.actor_id,
    changes: JSON.parse(r.changes) as Record<string, [unknown, unknown]>,
  }));
const mail = (key: string) =>
  db
    .selectFrom("email_outbox")
    .select(["kind", "to_address", "subject", "text"])
    .where("dedupe_key", "=", key)
    .executeTakeFirst();
const count = async (table: "maintenance_costs" | "maintenance_approvals" | "email_outbox" | "audit_log") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const ownerMailKeys = async (ownerId: number) =>
  (
    await db
      .selectFrom("email_outbox")
      .select("dedupe_key")
      .where("dedupe_key", "like", `owner:${ownerId}:%`)
      .orderBy("id")
      .execute()
  ).map((r) => r.dedupe_key);
const approvalRow = (id: number) =>
  db.selectFrom("maintenance_approvals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const approvalOf = async (costId: number, ownerId: number) =>
  (
    await db
      .selectFrom("maintenance_approvals")
      .select("id")
      .where("cost_id", "=", costId)
      .where("owner_id", "=", ownerId)
      .executeTakeFirstOrThrow()
  ).id;
const userEmail = async (id: number) =>
  (await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
const ownerRow = (id: number) => db.selectFrom("owners").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-owner-approvals-"));
  actor = await staffActor(db);
  o1 = await createOwner(db, ownerSchema.parse(O1_INPUT), null);
  o2 = await createOwner(db, ownerSchema.parse(O2_INPUT), null);
  o3 = await createOwner(db, ownerSchema.parse({ name: "Orlando Sem Email", cpf_cnpj: "111.444.777-35" }), null);
  l1 = await lease({
    name: "Tiago Inquilino",
    email: TIAGO.email,
    phone: TIAGO.phone,
    cpf_cnpj: TIAGO.cpf,
    username: "tiago",
    property_address: L1_ADDRESS,
    owner_id: o1,
  });
  const shares = leaseOwnersSchema.parse({ owner_1: String(o1), share_1: "60", owner_2: String(o2), share_2: "40" });
  expect(await saveLeaseOwners(db, l1, shares, actor)).toEqual({ ok: true, changed: true });
  l2 = await lease({
    name: "Teresa Inquilina",
    email: "teresa@teste.com",
    username: "teresa",
    property_address: L2_ADDRESS,
    contract_end_date: addDays(TODAY, 40),
    owner_id: o3,
  });
  l3 = await lease({
    name: "Tânia Inquilina",
    email: "tania@teste.com",
    username: "tania",
    property_address: L3_ADDRESS,
    contract_end_date: L3_END,
    owner_id: o1,
  });
  l4 = await lease({
    name: "Telma Inquilina",
    email: "telma@teste.com",
    username: "telma",
    property_address: "Rua Elmano Soares, 7, Três Lagoas/MS, 79603-000",
    contract_end_date: addDays(TODAY, 20),
    owner_id: o2,
  });
  await db
    .updateTable("clients")
    .set({ ended_on: "2026-11-20", ended_reason: "Entrega das chaves" })
    .where("id", "=", l4)
    .execute();
  // Olga's own login (owner only).
  const given = await giveOwnerAccess(db, o1, { username: "olga" }, actor);
  if (!given.ok) throw new Error(`access: ${JSON.stringify(given)}`);
  o1User = (await ownerRow(o1)).user_id!;
  r1 = await request(l1, "Vazamento na pia");
  r2 = await request(l2, "Portão emperrado");
});

afterAll(async () => {
  await cleanup();
  folders.remove();
});

let c800: number;
let c300: number;
let c500: number;
let a800: number; // O1's approval of c800
let o3Cost: number;
let a3: number; // O3's approval

describe("a maintenance cost", () => {
  it("raises a co-owner's limit through updateOwner's approval_limit, audited", async () => {
    expect((await ownerRow(o1)).approval_limit_cents).toBe(50_000);
    expect(await updateOwner(db, o2, ownerSchema.parse({ ...O2_INPUT, approval_limit: "2.000,00" }), actor)).toBe(true);
    expect((await ownerRow(o2)).approval_limit_cents).toBe(200_000);
    expect(await audits("owner", o2)).toContainEqual({
      action: "update",
      actorId: actor.id,
      changes: { approval_limit_cents: [50_000, 200_000] },
    });
  });

  it("asks only the owners whose limit it passes: a row and an email each", async () => {
    const added = await addMaintenanceCost(
      db,
      r1,
      { description: "Troca do sifão e da vedação", amountCents: cents(80_000) },
      actor,
      NOW,
    );
    expect(added).toEqual({ ok: true, id: expect.any(Number), asked: 1 });
    if (!added.ok) throw new Error("cost");
    c800 = added.id;
    const rows = await db
      .selectFrom("maintenance_approvals")
      .select(["id", "owner_id", "asked_at", "answer"])
      .where("cost_id", "=", c800)
      .execute();
    expect(rows).toEqual([{ id: expect.any(Number), owner_id: o1, asked_at: NOW.toISOString(), answer: null }]);
    a800 = rows[0].id;
    const cost = await db.selectFrom("maintenance_costs").selectAll().where("id", "=", c800).executeTakeFirstOrThrow();
    expect(cost).toMatchObject({
      request_id: r1,
      amount_cents: 80_000,
      created_by_id: actor.id,
      created_by_name: "Ana Staff",
      created_at: NOW.toISOString(),
    });

    const email = await mail(`owner:${o1}:approval:${c800}`);
    expect(email).toMatchObject({
      kind: "owner_notice",
      to_address: "olga@exemplo.com",
      subject: "Aprovação de manutenção: Vazamento na pia",
    });
    expect(email!.text).toContain("Olá, Olga Proprietária.");
    expect(email!.text).toContain("R$ 800,00");
    expect(email!.text).toContain("R$ 500,00");
    expect(email!.text).toContain(L1_ADDRESS);
    expect(email!.text).toContain(absoluteUrl("/area-do-proprietario"));
    expect(await mail(`owner:${o2}:approval:${c800}`)).toBeUndefined();
    expect(await ownerMailKeys(o2)).toEqual([]);

    expect(await audits("maintenance_cost", c800)).toEqual([
      {
        action: "create",
        actorId: actor.id,
        changes: {
          request_id: [null, r1],
          description: [null, "Troca do sifão e da vedação"],
          amountCents: [null, 80_000],
          owners_asked: [null, [o1]],
        },
      },
    ]);
  });

  it("asks nobody within every limit, the limit itself included", async () => {
    const small = await addMaintenanceCost(
      db,
      r1,
      { description: "Reparo simples", amountCents: cents(30_000) },
      actor,
      NOW,
    );
    expect(small).toMatchObject({ ok: true, asked: 0 });
    if (!small.ok) throw new Error("cost");
    c300 = small.id;
    const atLimit = await addMaintenanceCost(
      db,
      r1,
      { description: "No limite", amountCents: cents(50_000) },
      actor,
      NOW,
    );
    expect(atLimit).toMatchObject({ ok: true, asked: 0 });
    if (!atLimit.ok) throw new Error("cost");
    c500 = atLimit.id;
    for (const id of [c300, c500]) {
      expect(await db.selectFrom("maintenance_approvals").select("id").where("cost_id", "=", id).execute()).toEqual([]);
      expect(await mail(`owner:${o1}:approval:${id}`)).toBeUndefined();
      expect((await audits("maintenance_cost", id))[0].changes.owners_asked).toEqual([null, []]);
    }
  });

  it("refuses the same quote twice and an unknown request, writing nothing", async () => {
    const before = await Promise.all(
      (["maintenance_costs", "maintenance_approvals", "email_outbox", "audit_log"] as const).map(count),
    );
    expect(
      await addMaintenanceCost(
        db,
        r1,
        { description: "Troca do sifão e da vedação", amountCents: cents(80_000) },
        actor,
        NOW,
      ),
    ).toEqual({ ok: false, reason: "duplicate" });
    expect(
      await addMaintenanceCost(db, 999_999, { description: "Qualquer", amountCents: cents(80_000) }, actor, NOW),
    ).toEqual({ ok: false, reason: "missing" });
    const after = await Promise.all(
      (["maintenance_costs", "maintenance_approvals", "email_outbox", "audit_log"] as const).map(count),
    );
    expect(after).toEqual(before);
  });

  it("asks an owner without email in their area only", async () => {
    const added = await addMaintenanceCost(
      db,
      r2,
      { description: "Troca do motor", amountCents: cents(80_000) },
      actor,
      NOW,
    );
    expect(added).toMatchObject({ ok: true, asked: 1 });
    if (!added.ok) throw new Error("cost");
    o3Cost = added.id;
    a3 = await approvalOf(o3Cost, o3);
    expect(await ownerMailKeys(o3)).toEqual([]);
    expect((await ownerPendingApprovals(db, o3)).map((a) => a.id)).toEqual([a3]);
    expect((await audits("maintenance_cost", o3Cost))[0].changes.owners_asked).toEqual([null, [o3]]);
  });
});

describe("the costs as staff and owners read them", () => {
  it("lists a request's costs, each with every owner's answer", async () => {
    const costs = await costsOfRequest(db, r1);
    expect(costs.map((c) => [c.id, c.description, c.amount_cents, c.created_by_name])).toEqual([
      [c800, "Troca do sifão e da vedação", 80_000, "Ana Staff"],
      [c300, "Reparo simples", 30_000, "Ana Staff"],
      [c500, "No limite", 50_000, "Ana Staff"],
    ]);
    expect(costs[0].approvals).toEqual([
      {
        id: a800,
        cost_id: c800,
        ownerName: "Olga Proprietária",
        asked_at: NOW.toISOString(),
        answer: null,
        answer_note: null,
        answered_at: null,
        by_staff: 0,
      },
    ]);
    expect(costs[1].approvals).toEqual([]);
    expect(costs[2].approvals).toEqual([]);
    expect(await costsOfRequest(db, 999_999)).toEqual([]);
  });

  it("shows an owner their own question, another owner none", async () => {
    const olga = await costsOfLeaseForOwner(db, o1, l1);
    expect(olga.map((c) => [c.id, c.approvalId, c.answer])).toEqual([
      [c500, null, null],
      [c300, null, null],
      [c800, a800, null],
    ]);
    const otavio = await costsOfLeaseForOwner(db, o2, l1);
    expect(otavio.map((c) => [c.id, c.approvalId])).toEqual([
      [c500, null],
      [c300, null],
      [c800, null],
    ]);
    // Another lease's costs are not L1's.
    expect((await costsOfLeaseForOwner(db, o1, l3)).length).toBe(0);
  });
});

let c900: number;
let a900: number;

describe("the owner's answer", () => {
  it("lists the owner's waiting questions", async () => {
    const pending = await ownerPendingApprovals(db, o1);
    expect(pending).toEqual([
      {
        id: a800,
        asked_at: NOW.toISOString(),
        description: "Troca do sifão e da vedação",
        amount_cents: 80_000,
        // The tenant's own words stay out: they may carry a phone or a way in.
        title: "Vazamento na pia",
        clientId: l1,
        property_address: L1_ADDRESS,
      },
    ]);
    expect(await ownerPendingApprovals(db, o2)).toEqual([]);
  });

  it("another owner's question is missing; the owner's own is answered once, the agency alerted", async () => {
    const otavio = { id: actor.id, name: "Otávio Coproprietário" };
    expect(await answerApproval(db, { ownerId: o2 }, a800, { answer: "approved" }, otavio, NOW)).toEqual({
      ok: false,
      reason: "missing",
    });
    expect(await answerApproval(db, { ownerId: o1 }, 999_999, { answer: "approved" }, otavio, NOW)).toEqual({
      ok: false,
      reason: "missing",
    });
    expect((await approvalRow(a800)).answer).toBeNull();
    expect(await mail(`staff:approval:${a800}`)).toBeUndefined();

    const olga = { id: o1User, name: "Olga Proprietária" };
    const answeredAt = new Date("2026-11-30T15:00:00.000Z");
    expect(
      await answerApproval(
        db,
        { ownerId: o1 },
        a800,
        { answer: "approved", note: "Pode fazer na sexta." },
        olga,
        answeredAt,
      ),
    ).toEqual({ ok: true, title: "Vazamento na pia" });
    expect(await approvalRow(a800)).toMatchObject({
      answer: "approved",
      answer_note: "Pode fazer na sexta.",
      answered_at: answeredAt.toISOString(),
      answered_by_id: o1User,
      by_staff: 0,
    });
    const alert = await mail(`staff:approval:${a800}`);
    expect(alert).toMatchObject({
      kind: "staff_alert",
      to_address: getAgency().email,
      subject: 'Olga Proprietária aprovou o custo de "Vazamento na pia"',
    });
    expect(alert!.text).toContain("R$ 800,00");
    expect(alert!.text).toContain("Observação: Pode fazer na sexta.");
    expect(alert!.text).toContain(absoluteUrl(`/admin/clients/manutencoes/${r1}`));
    expect(await ownerPendingApprovals(db, o1)).toEqual([]);
    expect((await costsOfLeaseForOwner(db, o1, l1)).find((c) => c.id === c800)).toMatchObject({
      approvalId: a800,
      answer: "approved",
      answer_note: "Pode fazer na sexta.",
    });
    expect((await costsOfRequest(db, r1))[0].approvals[0]).toMatchObject({
      answer: "approved",
      answer_note: "Pode fazer na sexta.",
      answered_at: answeredAt.toISOString(),
    });

    // Once: a second answer changes nothing.
    expect(await answerApproval(db, { ownerId: o1 }, a800, { answer: "refused" }, olga, NOW)).toEqual({
      ok: false,
      reason: "answered",
    });
    expect((await approvalRow(a800)).answer).toBe("approved");
    expect(await audits("maintenance_approval", a800)).toEqual([
      {
        action: "update",
        actorId: o1User,
        changes: { answer: [null, "approved"], answer_note: [null, "Pode fazer na sexta."] },
      },
    ]);
  });

  it("a refusal, without a note", async () => {
    const added = await addMaintenanceCost(
      db,
      r1,
      { description: "Troca da pia", amountCents: cents(90_000) },
      actor,
      NOW,
    );
    if (!added.ok) throw new Error("cost");
    c900 = added.id;
    a900 = await approvalOf(c900, o1);
    const olga = { id: o1User, name: "Olga Proprietária" };
    expect(await answerApproval(db, { ownerId: o1 }, a900, { answer: "refused" }, olga, NOW)).toEqual({
      ok: true,
      title: "Vazamento na pia",
    });
    expect(await approvalRow(a900)).toMatchObject({
      answer: "refused",
      answer_note: null,
      answered_at: NOW.toISOString(),
      answered_by_id: o1User,
      by_staff: 0,
    });
    const alert = await mail(`staff:approval:${a900}`);
    expect(alert?.subject).toBe('Olga Proprietária recusou o custo de "Vazamento na pia"');
    expect(alert?.text).not.toContain("Observação");
    expect(await answerApproval(db, { ownerId: o1 }, a900, { answer: "approved" }, olga, NOW)).toEqual({
      ok: false,
      reason: "answered",
    });
    expect(await audits("maintenance_approval", a900)).toEqual([
      { action: "update", actorId: o1User, changes: { answer: [null, "refused"] } },
    ]);
  });
});

describe("the late questions on the dashboard", () => {
  let aRecent: number;

  it("counts the unanswered questions asked on or before today − days", async () => {
    const added = await addMaintenanceCost(
      db,
      r1,
      { description: "Orçamento B", amountCents: cents(70_000) },
      actor,
      NOW,
    );
    if (!added.ok) throw new Error("cost");
    aRecent = await approvalOf(added.id, o1);
    const asked = async (id: number, at: string) =>
      db.updateTable("maintenance_approvals").set({ asked_at: at }).where("id", "=", id).execute();
    // O3's: 3 days ago, unanswered; the recent one: 2 days ago; the answered ones: long ago.
    await asked(a3, `${addDays(TODAY, -3)}T12:00:00.000Z`);
    await asked(aRecent, `${addDays(TODAY, -2)}T12:00:00.000Z`);
    await asked(a800, `${addDays(TODAY, -20)}T12:00:00.000Z`);
    await asked(a900, `${addDays(TODAY, -20)}T12:00:00.000Z`);
    expect(await unansweredApprovals(db, TODAY, 3)).toBe(1);
    expect(await unansweredApprovals(db, TODAY, 2)).toBe(2);
    expect(await unansweredApprovals(db, TODAY, 4)).toBe(0);
    expect(await unansweredApprovals(db, addDays(TODAY, 1), 3)).toBe(2);
  });

  it("shows them and the waiting bank requests in getAttention, kept until the next write", async () => {
    const first = await getAttention(db, TODAY, 3);
    expect(first.approvalsLate).toEqual({ count: 1, days: 3 });
    expect(first.bankRequests).toBe(0);
    // Nothing written: the same value.
    expect(await getAttention(db, TODAY, 3)).toBe(first);

    const asked = await requestBankChange(
      db,
      { id: o1, name: "Olga Proprietária" },
      { pix_key: "olga.nova@exemplo.com" },
      { id: o1User, name: "Olga Proprietária" },
    );
    expect(asked).toMatchObject({ ok: true });
    const second = await getAttention(db, TODAY, 3);
    expect(second).not.toBe(first);
    expect(second.bankRequests).toBe(1);
    expect(second.approvalsLate).toEqual({ count: 1, days: 3 });

    await db
      .updateTable("maintenance_approvals")
      .set({ asked_at: `${addDays(TODAY, -5)}T12:00:00.000Z` })
      .where("id", "=", aRecent)
      .execute();
    expect((await getAttention(db, TODAY, 3)).approvalsLate).toEqual({ count: 2, days: 3 });
    // An answer takes it off.
    expect(
      await answerApproval(
        db,
        { ownerId: o1 },
        aRecent,
        { answer: "approved" },
        { id: o1User, name: "Olga Proprietária" },
        NOW,
      ),
    ).toMatchObject({ ok: true });
    expect((await getAttention(db, TODAY, 3)).approvalsLate).toEqual({ count: 1, days: 3 });
  });

  // A question asked on 27/11 at 21:30 in the agency (2026-11-28T01:30Z) is
  // late on 30/11 with days = 3: the agency's day counts, not UTC's.
  it("judges the day a question was asked by the agency's day", async () => {
    const before = await unansweredApprovals(db, TODAY, 3);
    const added = await addMaintenanceCost(
      db,
      r1,
      { description: "Orçamento noturno", amountCents: cents(60_000) },
      actor,
      NOW,
    );
    if (!added.ok) throw new Error("cost");
    const id = await approvalOf(added.id, o1);
    // 27/11 at 21:30 in Campo Grande (UTC−4).
    await db
      .updateTable("maintenance_approvals")
      .set({ asked_at: "2026-11-28T01:30:00.000Z" })
      .where("id", "=", id)
      .execute();
    expect(await unansweredApprovals(db, TODAY, 3)).toBe(before + 1);
  });
});

describe("the hourly owner notices", () => {
  let lateL1: number;
  let lateL3: number;
  let readjusted: number;

  beforeAll(async () => {
    // Overdue within the 30 days (the boundary included), and one 40 days ago.
    lateL1 = await overdueBilling(l1, "2026-11", "2026-11-05");
    lateL3 = await overdueBilling(l3, "2026-10", addDays(TODAY, -30), 100_000);
    await overdueBilling(l1, "2026-10", addDays(TODAY, -40));
    // Orlando's lease, no email: overdue and ending, and still nothing to him.
    await overdueBilling(l2, "2026-11", "2026-11-10", 150_000);
    const readjustment = (clientId: number, anniversary: string, applied: boolean) =>
      db
        .insertInto("readjustments")
        .values({
          client_id: clientId,
          anniversary,
          index_code: "IGPM",
          first_month: "2025-10",
          last_month: "2026-09",
          accumulated_ppm: 40_000,
          old_rent_cents: cents(200_000),
          new_rent_cents: cents(208_000),
          created_at: "2026-10-15T00:00:00.000Z",
          applied_at: applied ? `${anniversary}T10:00:00.000Z` : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    readjusted = (await readjustment(l1, "2026-11-15", true)).id;
    await readjustment(l3, addDays(TODAY, -40), true); // applied, too old to be news
    await readjustment(l3, "2026-12-10", false); // not applied
  });

  it("queues one email per owner with email and event, once", async () => {
    expect(await queueOwnerNotices(db, TODAY, NOW)).toBe(6);
    const keys = (
      await db
        .selectFrom("email_outbox")
        .select("dedupe_key")
        .where("kind", "=", "owner_notice")
        .where("dedupe_key", "not like", "%:approval:%")
        .execute()
    )
      .map((r) => r.dedupe_key)
      .sort();
    expect(keys).toEqual(
      [
        `owner:${o1}:arrears:${lateL1}`,
        `owner:${o2}:arrears:${lateL1}`,
        `owner:${o1}:arrears:${lateL3}`,
        `owner:${o1}:lease-ending:${l3}:${L3_END}`,
        `owner:${o1}:readjustment:${readjusted}`,
        `owner:${o2}:readjustment:${readjusted}`,
      ].sort(),
    );
    // Orlando (no email) gets nothing; Otávio's ended lease announces no end.
    expect(await ownerMailKeys(o3)).toEqual([]);
    expect((await ownerMailKeys(o2)).filter((k) => k.includes("lease-ending"))).toEqual([]);
    // The second hour: nothing new.
    const outbox = await count("email_outbox");
    expect(await queueOwnerNotices(db, TODAY, NOW)).toBe(0);
    expect(await count("email_outbox")).toBe(outbox);
  });

  it("names the property and the tenant, never the tenant's CPF, email or phone", async () => {
    const arrears = await mail(`owner:${o1}:arrears:${lateL1}`);
    expect(arrears).toMatchObject({
      kind: "owner_notice",
      to_address: "olga@exemplo.com",
      subject: `Aluguel em atraso: ${L1_ADDRESS}`,
    });
    expect(arrears!.text).toContain("Tiago Inquilino");
    expect(arrears!.text).toContain(L1_ADDRESS);
    expect(arrears!.text).toContain("05/11/2026");
    const ending = await mail(`owner:${o1}:lease-ending:${l3}:${L3_END}`);
    expect(ending!.subject).toBe(`Contrato termina em 14/01/2027: ${L3_ADDRESS}`);
    expect(ending!.text).toContain("Tânia Inquilina");
    const readjustment = await mail(`owner:${o2}:readjustment:${readjusted}`);
    expect(readjustment).toMatchObject({
      to_address: "otavio@exemplo.com",
      subject: `Aluguel reajustado: ${L1_ADDRESS}`,
    });
    expect(readjustment!.text).toContain("15/11/2026");
    expect(readjustment!.text).toContain("de R$ 2.000,00 para R$ 2.080,00");
    for (const key of [
      `owner:${o1}:arrears:${lateL1}`,
      `owner:${o2}:arrears:${lateL1}`,
      `owner:${o1}:readjustment:${readjusted}`,
      `owner:${o2}:readjustment:${readjusted}`,
    ]) {
      const { text, subject } = (await mail(key))!;
      for (const secret of [TIAGO.email, TIAGO.phone, TIAGO.cpf, "390.533.447-05"]) {
        expect(text).not.toContain(secret);
        expect(subject).not.toContain(secret);
      }
    }
  });

  it("links an owner with a login to their area, tells one without to call the agency", async () => {
    const agency = getAgency();
    const olga = (await mail(`owner:${o1}:arrears:${lateL1}`))!.text;
    expect(olga).toContain(`Veja na Área do Proprietário: ${absoluteUrl("/area-do-proprietario")}`);
    expect(olga).not.toContain(agency.phoneDisplay);
    expect((await mail(`owner:${o1}:lease-ending:${l3}:${L3_END}`))!.text).toContain(
      absoluteUrl(`/area-do-proprietario/imoveis/${l3}`),
    );
    const otavio = (await mail(`owner:${o2}:arrears:${lateL1}`))!.text;
    expect(otavio).toContain(`Fale com a imobiliária: ${agency.phoneDisplay}.`);
    expect(otavio).not.toContain("/area-do-proprietario");
    expect(otavio.split("\n").at(-1)).toBe(agency.name);
  });
});

describe("an owner's email and their login", () => {
  it("copies an owner-only login's changed email to the login", async () => {
    expect(await userEmail(o1User)).toBe("olga@exemplo.com");
    expect(
      await updateOwner(
        db,
        o1,
        ownerSchema.parse({ ...O1_INPUT, email: "olga.nova@exemplo.com", approval_limit: "500,00" }),
        actor,
      ),
    ).toBe(true);
    expect((await ownerRow(o1)).email).toBe("olga.nova@exemplo.com");
    expect(await userEmail(o1User)).toBe("olga.nova@exemplo.com");
    expect(await audits("client_account", o1User)).toContainEqual({
      action: "update",
      actorId: actor.id,
      changes: { email: ["olga@exemplo.com", "olga.nova@exemplo.com"] },
    });
  });

  it("leaves a login shared with a tenant's lease as it is", async () => {
    // Otávio is also a tenant (his CPF): his tenant login opens his owner's area.
    const l5 = await lease({
      name: "Otávio Inquilino",
      email: "otavio.inquilino@teste.com",
      username: "otavio.inq",
      cpf_cnpj: "52998224725",
    });
    const tenantUser = (await db.selectFrom("clients").select("user_id").where("id", "=", l5).executeTakeFirstOrThrow())
      .user_id!;
    expect(await giveOwnerAccess(db, o2, { linkUserId: tenantUser }, actor)).toMatchObject({ ok: true });
    expect((await ownerRow(o2)).user_id).toBe(tenantUser);
    expect(
      await updateOwner(
        db,
        o2,
        ownerSchema.parse({ ...O2_INPUT, email: "otavio.novo@exemplo.com", approval_limit: "2.000,00" }),
        actor,
      ),
    ).toBe(true);
    expect((await ownerRow(o2)).email).toBe("otavio.novo@exemplo.com");
    expect(await userEmail(tenantUser)).toBe("otavio.inquilino@teste.com");
  });

  it("refuses an email another account has: DuplicateUserError, nothing changed", async () => {
    const audited = await count("audit_log");
    await expect(
      updateOwner(db, o1, ownerSchema.parse({ ...O1_INPUT, email: TIAGO.email, approval_limit: "500,00" }), actor),
    ).rejects.toBeInstanceOf(DuplicateUserError);
    expect((await ownerRow(o1)).email).toBe("olga.nova@exemplo.com");
    expect(await userEmail(o1User)).toBe("olga.nova@exemplo.com");
    expect(await count("audit_log")).toBe(audited);
  });

  // Left out (the edit form's field emptied), the limit is kept and the
  // audit row does not name it.
  it("an update without approval_limit keeps the limit and audits no change of it", async () => {
    expect(
      await updateOwner(
        db,
        o1,
        ownerSchema.parse({ ...O1_INPUT, email: "olga.nova@exemplo.com", phone: "(67) 99999-1234" }),
        actor,
      ),
    ).toBe(true);
    expect((await ownerRow(o1)).approval_limit_cents).toBe(50_000);
    const last = (await audits("owner", o1)).at(-1);
    expect(last?.changes).toEqual({ phone: [null, "(67) 99999-1234"] });
  });
});

describe("an owner's answer heard by phone", () => {
  it("is recorded by staff once, marked as theirs, without alerting the agency", async () => {
    const added = await addMaintenanceCost(
      db,
      r2,
      { description: "Troca do portão, Serralheria Lima", amountCents: cents(120_000) },
      actor,
      NOW,
    );
    if (!added.ok) throw new Error("cost");
    const question = await approvalOf(added.id, o3);
    const staff = { id: actor.id, name: "Ana Staff" };
    expect(
      await answerApproval(db, { staff: true }, question, { answer: "approved", note: "Ligou às 10h" }, staff, NOW),
    ).toEqual({ ok: true, title: expect.any(String) });
    expect(await approvalRow(question)).toMatchObject({
      answer: "approved",
      answer_note: "Ligou às 10h",
      answered_by_id: actor.id,
      by_staff: 1,
    });
    expect(await audits("maintenance_approval", question)).toEqual([
      {
        action: "update",
        actorId: actor.id,
        changes: { answer: [null, "approved"], answer_note: [null, "Ligou às 10h"], by_staff: [null, 1] },
      },
    ]);
    expect(await mail(`staff:approval:${question}`)).toBeUndefined();
    expect(await answerApproval(db, { staff: true }, question, { answer: "refused" }, staff, NOW)).toEqual({
      ok: false,
      reason: "answered",
    });
    expect(await ownerPendingApprovals(db, o3)).not.toContainEqual(expect.objectContaining({ id: question }));
  });
});
