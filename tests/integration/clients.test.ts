import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { verifyPassword } from "#app/models/accounts/password.server";
import { createUser } from "#app/models/accounts/users.server";
import { parseClientsQuery } from "#app/models/clients/clients-query";
import type { ClientValues } from "#app/models/clients/clients.server";
import { createClient, deleteClient, getClient, listClients, updateClient } from "#app/models/clients/clients.server";
import { disableClientLogin, giveClientLogin, resetClientPassword } from "#app/models/clients/logins.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana" };

const input = (over: Partial<ClientValues> = {}): ClientValues => ({
  name: "Maria",
  email: "maria@teste.com",
  username: "maria",
  payment_due_day: 5,
  ...over,
});

const count = async (table: "clients" | "users" | "audit_log") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("clients-it-"));
  actor.id = await createUser(
    db,
    { username: "Ana", email: "ana@agencia.com", name: "Ana", password: "senha1234", role: "admin" },
    null,
  );
});

afterAll(() => cleanup());

describe("clients", () => {
  it("creates the client with its login and a generated 8-character password, audited", async () => {
    const created = await createClient(
      db,
      input({ monthly_rent: cents(125000), contract_end_date: "2099-01-01" }),
      actor,
    );
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.password).toMatch(/^[A-Za-z0-9]{8}$/);
    const client = await getClient(db, created.id);
    expect(client?.username).toBe("maria");
    const user = await db.selectFrom("users").selectAll().where("id", "=", client!.user_id!).executeTakeFirstOrThrow();
    expect(user.role).toBe("client");
    expect(await verifyPassword(user.password_hash, created.password!)).toBe(true);
    const audit = await db
      .selectFrom("audit_log")
      .select(["entity", "changes"])
      .where("actor_id", "=", actor.id)
      .execute();
    expect(audit.map((a) => a.entity).sort()).toEqual(["client", "client_account"]);
    expect(audit.every((a) => !a.changes.includes(created.password!))).toBe(true);
  });

  it("a username taken in another case writes neither the login nor the client", async () => {
    const before = [await count("clients"), await count("users"), await count("audit_log")];
    const clash = await createClient(db, input({ username: "ANA", email: "outra@teste.com" }), actor);
    expect(clash).toEqual({
      ok: false,
      field: "username",
      message: "Este nome de usuário já está em uso. Por favor, escolha outro.",
    });
    expect([await count("clients"), await count("users"), await count("audit_log")]).toEqual(before);
  });

  it("lists active clients: a contract ending today is active", async () => {
    const today = "2026-11-22";
    const a = await createClient(
      db,
      input({ username: "hoje", email: "hoje@teste.com", contract_end_date: today }),
      actor,
    );
    const b = await createClient(
      db,
      input({ username: "ontem", email: "ontem@teste.com", contract_end_date: "2026-11-21" }),
      actor,
    );
    expect(a.ok && b.ok).toBe(true);
    const active = (await listClients(db, parseClientsQuery(new URLSearchParams(), true), today)).rows.map(
      (c) => c.username,
    );
    expect(active).toContain("hoje");
    expect(active).not.toContain("ontem");
    expect(
      (await listClients(db, parseClientsQuery(new URLSearchParams(), false), today)).total,
    ).toBeGreaterThanOrEqual(3);
  });

  it("updates the record and its login; the username stays unique", async () => {
    const created = await createClient(db, input({ username: "joao", email: "joao@teste.com" }), actor);
    if (!created.ok) throw new Error("not created");
    expect(
      await updateClient(
        db,
        created.id,
        { ...input({ name: "João", email: "joao2@teste.com" }), username: "MARIA" },
        actor,
      ),
    ).toMatchObject({
      ok: false,
      field: "username",
    });
    expect(
      await updateClient(
        db,
        created.id,
        { ...input({ name: "João", email: "joao2@teste.com", monthly_rent: cents(90000) }), username: "joao.s" },
        actor,
      ),
    ).toEqual({
      ok: true,
    });
    const client = await getClient(db, created.id);
    expect(client).toMatchObject({
      name: "João",
      email: "joao2@teste.com",
      username: "joao.s",
      monthly_rent_cents: 90000,
    });
    expect(await updateClient(db, 999999, input(), actor)).toBeNull();
  });

  it("disables, gives and resets a login", async () => {
    const created = await createClient(
      db,
      input({ username: "lia", email: "lia@teste.com", password: "senha12345" }),
      actor,
    );
    if (!created.ok) throw new Error("not created");
    expect(created.password).toBeNull();
    const userId = (await getClient(db, created.id))!.user_id!;
    expect(await disableClientLogin(db, created.id, actor)).toEqual({ name: "Maria" });
    expect((await getClient(db, created.id))?.user_id).toBeNull();
    expect(await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()).toBeUndefined();
    expect(await resetClientPassword(db, created.id, actor)).toBeNull();

    expect(await giveClientLogin(db, created.id, { username: "Maria" }, actor)).toMatchObject({
      ok: false,
      reason: "clash",
    });
    const given = await giveClientLogin(db, created.id, { username: "lia2" }, actor);
    expect(given).toMatchObject({ ok: true });
    expect(given.ok && given.password).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(await giveClientLogin(db, created.id, { username: "lia3" }, actor)).toMatchObject({
      ok: false,
      reason: "has-login",
    });

    const reset = await resetClientPassword(db, created.id, actor);
    expect(reset?.password).toMatch(/^[A-Za-z0-9]{8}$/);
    const user = await db
      .selectFrom("users")
      .select("password_hash")
      .where("username", "=", "lia2")
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password_hash, reset!.password)).toBe(true);
  });

  it("deletes the client with its login and rows, and returns the files to remove", async () => {
    const created = await createClient(db, input({ username: "del", email: "del@teste.com" }), actor);
    if (!created.ok) throw new Error("not created");
    const userId = (await getClient(db, created.id))!.user_id!;
    const now = new Date().toISOString();
    await db
      .insertInto("contracts")
      .values({
        client_id: created.id,
        file_name: "c.pdf",
        file_key: "k".repeat(20),
        mime_type: "application/pdf",
        size: 1,
        uploaded_by_id: actor.id,
        uploaded_by_name: "Ana",
        uploaded_at: now,
      })
      .execute();
    const req = await db
      .insertInto("maintenance_requests")
      .values({ client_id: created.id, title: "T", description: "D", requested_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("maintenance_images")
      .values({ request_id: req.id, file_key: "i".repeat(20), width: 1, height: 1, position: 0 })
      .execute();
    await db
      .insertInto("maintenance_documents")
      .values({
        request_id: req.id,
        file_name: "d.pdf",
        file_key: "d".repeat(20),
        mime_type: "application/pdf",
        size: 1,
        uploaded_by_name: "Ana",
        uploaded_at: now,
      })
      .execute();

    const deleted = await deleteClient(db, created.id, actor);
    if (!deleted?.ok) throw new Error("a client without money history is deleted");
    expect(deleted.files.sort()).toEqual(["d".repeat(20), "i".repeat(20), "k".repeat(20)]);
    expect(await getClient(db, created.id)).toBeNull();
    expect(await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()).toBeUndefined();
    for (const t of ["contracts", "maintenance_requests", "maintenance_images", "maintenance_documents"] as const) {
      expect(await db.selectFrom(t).select("id").execute(), t).toEqual([]);
    }
    expect(await deleteClient(db, created.id, actor)).toBeNull();
  });
});
