import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { createClient, deleteClient, getClient } from "#app/models/clients/clients.server";
import { endContract, reopenContract } from "#app/models/clients/contract-end.server";
import { getClientForUser } from "#app/models/clients/portal.server";
import { findContractFile } from "#app/models/files/access.server";
import { otherLeaseIds, otherLeases, startNextLease } from "#app/models/leases/tenant-leases.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// A tenant's leases over time (issue 36, docs/decisions/0073-tenant-leases.md):
// Ana rents Rua A in 2025, leaves, and rents Rua B from 2026. The second lease
// is a row of its own, her login moves to it, and her first lease's contract
// file stays hers, and nobody else's.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = null;
let first: number;
let stranger: number;
let firstFile: number;

const person = { name: "Ana Mudança", email: "ana@teste.com", phone: "67999990000", cpf_cnpj: "52998224725" };
const nextInput = {
  ...person,
  email: "ana.nova@teste.com",
  property_address: "Rua B, 20",
  contract_start_date: "2026-02-01",
  contract_end_date: "2027-01-31",
  monthly_rent: cents(180_000),
  payment_due_day: 10,
};

async function addContractFile(clientId: number, name: string) {
  const row = await db
    .insertInto("contracts")
    .values({
      client_id: clientId,
      file_name: name,
      file_key: `${name}-${"k".repeat(20)}`,
      mime_type: "application/pdf",
      size: 1,
      uploaded_by_id: null,
      uploaded_by_name: "Equipe",
      uploaded_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-tenant-leases-"));
  const a = await createClient(
    db,
    {
      ...person,
      username: "ana",
      password: "senha1234",
      property_address: "Rua A, 10",
      contract_start_date: "2025-01-01",
      contract_end_date: "2025-12-31",
      monthly_rent: cents(150_000),
      payment_due_day: 5,
    },
    actor,
  );
  const b = await createClient(
    db,
    { name: "Bruno Outro", email: "bruno@teste.com", username: "bruno", password: "senha1234", payment_due_day: 5 },
    actor,
  );
  if (!a.ok || !b.ok) throw new Error("clients");
  first = a.id;
  stranger = b.id;
  firstFile = await addContractFile(first, "contrato-rua-a.pdf");
});

afterAll(async () => {
  await cleanup();
});

describe("the next lease of a tenant", () => {
  it("every lease starts as its own tenant's first", async () => {
    const rows = await db.selectFrom("clients").select(["id", "tenant_group_id"]).execute();
    expect(rows.map((r) => r.tenant_group_id)).toEqual(rows.map((r) => r.id));
  });

  it("is refused while the lease runs", async () => {
    expect(await startNextLease(db, first, nextInput, actor)).toEqual({ ok: false, reason: "running" });
    expect(await db.selectFrom("clients").select("id").where("tenant_group_id", "=", first).execute()).toHaveLength(1);
  });

  it("is a new row of the same tenant, and the login moves to it", async () => {
    const login = (await getClient(db, first))!.user_id!;
    const ended = await endContract(
      db,
      first,
      { ended_on: "2025-12-31", ended_reason: "Mudança" },
      actor,
      "2026-01-15",
    );
    expect(ended?.ok).toBe(true);
    const started = await startNextLease(db, first, nextInput, actor);
    if (!started?.ok) throw new Error(`not started: ${JSON.stringify(started)}`);
    const second = await getClient(db, started.id);
    expect(second).toMatchObject({
      property_address: "Rua B, 20",
      monthly_rent_cents: 180_000,
      payment_due_day: 10,
      user_id: login,
      ended_on: null,
    });
    const groups = await db
      .selectFrom("clients")
      .select(["id", "tenant_group_id", "user_id"])
      .where("id", "in", [first, started.id])
      .orderBy("id")
      .execute();
    expect(groups).toEqual([
      { id: first, tenant_group_id: first, user_id: null },
      { id: started.id, tenant_group_id: first, user_id: login },
    ]);
    // The login carries the person as she is now: the new email signs in.
    const user = await db.selectFrom("users").select("email").where("id", "=", login).executeTakeFirstOrThrow();
    expect(user.email).toBe("ana.nova@teste.com");
    expect((await getClientForUser(db, login))?.id).toBe(started.id);
    expect(
      await db.selectFrom("audit_log").select("action").where("entity_id", "=", String(started.id)).execute(),
    ).toEqual([{ action: "create" }]);

    // The client area lists the first lease with its file; the file opens for
    // her and for no one else.
    const others = await otherLeases(db, started.id);
    expect(others).toHaveLength(1);
    expect(others[0]).toMatchObject({ id: first, property_address: "Rua A, 10", ended_on: "2025-12-31" });
    expect(others[0].contracts.map((c) => c.file_name)).toEqual(["contrato-rua-a.pdf"]);
    const ana = { kind: "client" as const, clientId: started.id, otherLeaseIds: await otherLeaseIds(db, started.id) };
    expect(ana.otherLeaseIds).toEqual([first]);
    expect(await findContractFile(db, firstFile, ana)).toMatchObject({ file_name: "contrato-rua-a.pdf" });
    const bruno = { kind: "client" as const, clientId: stranger, otherLeaseIds: await otherLeaseIds(db, stranger) };
    expect(bruno.otherLeaseIds).toEqual([]);
    expect(await findContractFile(db, firstFile, bruno)).toBeNull();

    // The ended lease cannot run again beside the new one, nor start a third.
    expect(await reopenContract(db, first, actor)).toEqual({ ok: false, reason: "succeeded" });
    expect(await startNextLease(db, first, nextInput, actor)).toEqual({ ok: false, reason: "succeeded" });
    expect((await getClient(db, first))?.ended_on).toBe("2025-12-31");

    // A next lease made by mistake and deleted gives the login back.
    const deleted = await deleteClient(db, started.id, actor);
    expect(deleted?.ok).toBe(true);
    expect((await getClient(db, first))?.user_id).toBe(login);
    expect((await getClientForUser(db, login))?.id).toBe(first);
  });

  it("keeps the typed values' errors: an email of another login is refused and nothing is written", async () => {
    const before = await db.selectFrom("clients").select("id").execute();
    const clash = await startNextLease(db, first, { ...nextInput, email: "bruno@teste.com" }, actor);
    expect(clash).toMatchObject({ ok: false, field: "email" });
    expect(await db.selectFrom("clients").select("id").execute()).toEqual(before);
    expect((await getClient(db, first))?.user_id).not.toBeNull();
  });
});
