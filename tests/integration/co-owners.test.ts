import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment, reverseBillingPayments } from "#app/models/billing/payments.server";
import { createClient, updateClient } from "#app/models/clients/clients.server";
import { dimobYear } from "#app/models/owners/dimob.server";
import { incomeYear } from "#app/models/owners/income-reports.server";
import { tenantIncome } from "#app/models/owners/income-report.server";
import { leaseOwnersSchema } from "#app/models/owners/lease-owners.schema";
import { leaseOwners, saveLeaseOwners } from "#app/models/owners/lease-owners.server";
import { markTransferDone } from "#app/models/owners/mark-transfer.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { monthTransfers, ownerStatement } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Co-owners (issue 36, docs/decisions/0067-co-owners.md): a contract whose
// rent two heirs share, 50% each, a rent of 1.000,01 whose odd centavo goes
// to the first: each owner's statement takes their share, the two sum to
// the whole, one owner's transfer leaves the other's share pending, the
// yearly reports carry each share, and an estorno debits each owner theirs.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-co-owners-"));
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "it-co-owners-outbox-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("OUTBOX_DIR", outbox);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const agency = { ...defaultAgency, cnpj: null };
let ana: number;
let bruno: number;
let lease: number;
let billing: number;

const shares = (form: Record<string, string>) => leaseOwnersSchema.safeParse(form);

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-co-owners-"));
  actor.id = await createUser(
    db,
    { username: "ana.staff", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  ana = await createOwner(db, ownerSchema.parse({ name: "Ana Herdeira", cpf_cnpj: "153.509.460-56" }), null);
  bruno = await createOwner(db, ownerSchema.parse({ name: "Bruno Herdeiro", cpf_cnpj: "529.982.247-25" }), null);
  const created = await createClient(
    db,
    {
      name: "Carla Inquilina",
      email: "carla@teste.com",
      username: "carla",
      password: "senha1234",
      cpf_cnpj: "11144477735",
      property_address: "Rua das Palmeiras, 10, Três Lagoas/MS, 79600-000",
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-12-31",
      payment_due_day: 5,
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      admin_fee_percent: 1000,
      first_rent_fee_percent: 0,
      owner_id: ana,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  lease = created.id;
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe("the shares", () => {
  it("refuses shares that do not sum to 100%, a repeated owner, and a co-owner without a share", () => {
    const sum = shares({ owner_1: String(ana), share_1: "50", owner_2: String(bruno), share_2: "40" });
    expect(sum.success).toBe(false);
    expect(sum.error?.issues.map((i) => i.message)).toEqual(["As quotas somam 90%: devem somar 100%."]);
    const twice = shares({ owner_1: String(ana), share_1: "50", owner_2: String(ana), share_2: "50" });
    expect(twice.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["owner_2", "Este proprietário já está no contrato."],
    ]);
    const missing = shares({ owner_1: String(ana), share_1: "50", owner_2: String(bruno) });
    expect(missing.error?.issues.map((i) => i.path.join("."))).toEqual(["share_2"]);
    // One owner has the whole, whatever was typed.
    expect(shares({ owner_1: String(ana), share_1: "30" }).data).toEqual({
      owners: [{ ownerId: ana, shareBp: 10_000 }],
    });
    expect(shares({ owner_1: String(ana), share_1: "33,33", owner_2: String(bruno), share_2: "66,67" }).data).toEqual({
      owners: [
        { ownerId: ana, shareBp: 3333 },
        { ownerId: bruno, shareBp: 6667 },
      ],
    });
  });

  it("starts with the contract form's owner at 100%, then saves two heirs at 50% each", async () => {
    expect(await leaseOwners(db, lease)).toEqual([expect.objectContaining({ ownerId: ana, shareBp: 10_000 })]);
    const input = shares({ owner_1: String(ana), share_1: "50", owner_2: String(bruno), share_2: "50" }).data!;
    expect(await saveLeaseOwners(db, lease, input, actor)).toEqual({ ok: true, changed: true });
    expect(await saveLeaseOwners(db, lease, input, actor)).toEqual({ ok: true, changed: false });
    expect((await leaseOwners(db, lease)).map((o) => [o.name, o.shareBp])).toEqual([
      ["Ana Herdeira", 5000],
      ["Bruno Herdeiro", 5000],
    ]);
    // The contract form, which names one owner, does not undo them.
    const client = await db.selectFrom("clients").selectAll().where("id", "=", lease).executeTakeFirstOrThrow();
    await updateClient(
      db,
      lease,
      {
        name: client.name,
        email: client.email,
        cpf_cnpj: client.cpf_cnpj ?? undefined,
        property_address: client.property_address ?? undefined,
        contract_start_date: client.contract_start_date ?? undefined,
        contract_end_date: client.contract_end_date ?? undefined,
        payment_due_day: 5,
        monthly_rent: cents(100001),
        late_fee_percent: 0,
        monthly_interest_percent: 0,
        admin_fee_percent: 1000,
        first_rent_fee_percent: 0,
        owner_id: bruno,
      },
      actor,
    );
    expect((await leaseOwners(db, lease)).map((o) => o.ownerId)).toEqual([ana, bruno]);
    expect(
      (await db.selectFrom("clients").select("owner_id").where("id", "=", lease).executeTakeFirstOrThrow()).owner_id,
    ).toBe(ana);
  });
});

describe("a co-owned rent", () => {
  it("is on each owner's statement with their share; the parts and fees sum to the whole", async () => {
    const b = await createBilling(
      db,
      { client_id: lease, month_year: "2026-10", amount_cents: cents(100001), due_date: "2026-10-05" },
      actor,
    );
    if (!b.ok) throw new Error("billing");
    billing = b.id;
    const p = await registerPayment(db, billing, { payment_date: "2026-10-05", amount_paid: cents(100001) }, actor, {
      agency,
      today: "2026-11-10",
    });
    expect(p.ok).toBe(true);
    const a = await ownerStatement(db, ana, "2026-10");
    const bb = await ownerStatement(db, bruno, "2026-10");
    const line = (s: typeof a) => s!.lines.map((l) => [l.receivedCents, l.adminFeeCents, l.netCents, l.shareBp]);
    expect(line(a)).toEqual([[50001, 5000, 45001, 5000]]);
    expect(line(bb)).toEqual([[50000, 5000, 45000, 5000]]);
    const month = await monthTransfers(db, "2026-10");
    expect(month.pending.rows.map((r) => [r.ownerName, r.grossCents, r.netCents])).toEqual([
      ["Ana Herdeira", 50001, 45001],
      ["Bruno Herdeiro", 50000, 45000],
    ]);
    expect(month.pendingTotalCents).toBe(90001);
  });

  it("transfers one owner's share alone: the other's stays pending, the payment no longer changes", async () => {
    const done = await markTransferDone(
      db,
      ana,
      "2026-10",
      { transferredOn: "2026-11-06", expectedNetCents: 45001 },
      actor,
      "2026-11-10",
    );
    expect(done).toMatchObject({ ok: true, netCents: 45001 });
    const row = () =>
      db.selectFrom("billing").select("owner_statement_id").where("id", "=", billing).executeTakeFirstOrThrow();
    expect((await row()).owner_statement_id).toBeNull();
    expect((await ownerStatement(db, bruno, "2026-10"))!.statement.netCents).toBe(45000);
    // Changing the payment is refused: a share of it went to Ana.
    expect(
      await registerPayment(db, billing, { payment_date: "2026-10-06", amount_paid: cents(100001) }, actor, {
        agency,
        today: "2026-11-10",
      }),
    ).toMatchObject({ ok: false });
    const second = await markTransferDone(
      db,
      bruno,
      "2026-10",
      { transferredOn: "2026-11-06", expectedNetCents: 45000 },
      actor,
      "2026-11-10",
    );
    expect(second).toMatchObject({ ok: true, netCents: 45000 });
    expect((await row()).owner_statement_id).toBe(second.ok ? second.number : -1);
    expect(
      await db
        .selectFrom("billing_transfers")
        .select(["owner_id", "owner_statement_id"])
        .where("billing_id", "=", billing)
        .orderBy("owner_id")
        .execute(),
    ).toEqual([
      { owner_id: ana, owner_statement_id: done.ok ? done.number : -1 },
      { owner_id: bruno, owner_statement_id: second.ok ? second.number : -1 },
    ]);
  });

  it("gives each owner their share in the informe and the DIMOB, and the tenant's informe both", async () => {
    const year = await incomeYear(db, 2026);
    expect(year.owners.map((o) => [o.name, o.grossCents, o.netCents])).toEqual([
      ["Ana Herdeira", 50001, 45001],
      ["Bruno Herdeiro", 50000, 45000],
    ]);
    const tenant = await tenantIncome(db, lease, 2026);
    expect(tenant!.client.owners.map((o) => [o.name, o.share_bp])).toEqual([
      ["Ana Herdeira", 5000],
      ["Bruno Herdeiro", 5000],
    ]);
    expect(tenant!.totalCents).toBe(100001);
    const dimob = await dimobYear(db, 2026);
    // Only the agency's own settings are missing here; nothing of the contract.
    expect(dimob.blockers.filter((b) => b.href !== null)).toEqual([]);
    expect(
      dimob.contracts.map((c) => [c.ownerName, c.months[9].rentCents, c.months[9].commissionCents, c.contractNumber]),
    ).toEqual([
      ["Ana Herdeira", 50001, 5000, String(lease)],
      ["Bruno Herdeiro", 50000, 5000, String(lease)],
    ]);
  });

  it("debits each owner their own net when the payment is returned after both transfers", async () => {
    const back = await reverseBillingPayments(db, billing, "Pix devolvido", actor, "2026-11-12", "estorno-co-0001");
    expect(back).toMatchObject({ ok: true });
    const debits = await db
      .selectFrom("owner_entries")
      .select(["owner_id", "kind", "amount_cents", "fee_refund_cents"])
      .where("billing_id", "=", billing)
      .orderBy("owner_id")
      .execute();
    expect(debits).toEqual([
      { owner_id: ana, kind: "estorno", amount_cents: 45001, fee_refund_cents: 5000 },
      { owner_id: bruno, kind: "estorno", amount_cents: 45000, fee_refund_cents: 5000 },
    ]);
    expect(await db.selectFrom("billing_transfers").selectAll().where("billing_id", "=", billing).execute()).toEqual(
      [],
    );
    // Posted twice: nothing more.
    await reverseBillingPayments(db, billing, "Pix devolvido", actor, "2026-11-12", "estorno-co-0001");
    expect(await db.selectFrom("owner_entries").select("id").where("billing_id", "=", billing).execute()).toHaveLength(
      2,
    );
  });
});
