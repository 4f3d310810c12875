import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { cleanupAccounts } from "#app/models/accounts/cleanup.server";
import { verifyPassword } from "#app/models/accounts/password.server";
import { consumeResetToken, findValidResetToken, issueResetToken } from "#app/models/accounts/reset-tokens.server";
import { createSession, hashToken, lookupSession } from "#app/models/accounts/sessions.server";
import { generatePassword, resetAdminPassword, setAdminActive } from "#app/models/accounts/staff.server";
import { accountKey, clearAttempts, registerAttempt } from "#app/models/accounts/throttle.server";
import { DuplicateUserError, createUser, findUserForLogin } from "#app/models/accounts/users.server";
import { tempDatabase } from "#tests/fixtures/temp-db";

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let adminId: number;
let masterId: number;

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("accounts-it-"));
  adminId = await createUser(
    db,
    { username: "Ana", email: "Ana@Teste.com", name: "Ana", password: "senha1234", role: "admin" },
    null,
  );
  masterId = await createUser(
    db,
    { username: "chefe", email: "chefe@teste.com", name: "Chefe", password: "senha1234", role: "master" },
    null,
  );
});

afterAll(() => cleanup());

describe("users", () => {
  it("finds an account by username or email whatever the case, and refuses duplicates", async () => {
    expect((await findUserForLogin(db, "ana"))?.id).toBe(adminId);
    expect((await findUserForLogin(db, "ANA@teste.COM"))?.id).toBe(adminId);
    expect(await findUserForLogin(db, "   ")).toBeNull();
    await expect(
      createUser(db, { username: "ANA", email: "x@y.com", name: "X", password: "senha1234", role: "admin" }, null),
    ).rejects.toBeInstanceOf(DuplicateUserError);
    await expect(
      createUser(
        db,
        { username: "outra", email: "ana@teste.com", name: "X", password: "senha1234", role: "admin" },
        null,
      ),
    ).rejects.toThrow("Este email já está em uso.");
  });
});

describe("sessions", () => {
  it("stores only the token's hash and reports expired sessions", async () => {
    const token = await createSession(db, adminId, "vitest");
    expect(await db.selectFrom("sessions").select("id").where("id", "=", token).executeTakeFirst()).toBeUndefined();
    const ok = await lookupSession(db, token);
    expect(ok.status === "ok" && ok.user.id).toBe(adminId);
    expect((await lookupSession(db, "nao-existe")).status).toBe("expired");
    expect((await lookupSession(db, null)).status).toBe("none");
    await db
      .updateTable("sessions")
      .set({ expires_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", hashToken(token))
      .execute();
    expect((await lookupSession(db, token)).status).toBe("expired");
  });

  it("ends the sessions of a disabled admin, and never touches a master", async () => {
    const token = await createSession(db, adminId, null);
    expect(await setAdminActive(db, masterId, false, null)).toBeNull();
    expect((await setAdminActive(db, adminId, false, null))?.name).toBe("Ana");
    expect((await lookupSession(db, token)).status).toBe("expired");
    await setAdminActive(db, adminId, true, null);
  });
});

describe("login throttling", () => {
  it("refuses the 6th attempt on an account, whether by username or email, until a success clears it", async () => {
    const user = await findUserForLogin(db, "chefe");
    const byName = accountKey(user, "chefe");
    expect(accountKey(user, "CHEFE@teste.com")).toBe(byName);
    const results: boolean[] = [];
    for (let i = 0; i < 6; i++) results.push(await registerAttempt(db, byName, `10.0.0.${i}`));
    expect(results).toEqual([false, false, false, false, false, true]);
    await clearAttempts(db, byName, "10.0.0.5");
    expect(await registerAttempt(db, byName, "10.0.0.9")).toBe(false);
  });

  it("counts parallel attempts one by one", async () => {
    const key = accountKey(null, "paralelo");
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => registerAttempt(db, key, `10.1.0.${i}`)));
    expect(results.filter((over) => !over)).toHaveLength(5);
  });

  it("throttles an address after 20 attempts on any accounts", async () => {
    for (let i = 0; i < 20; i++)
      expect(await registerAttempt(db, accountKey(null, `conta-${i}`), "10.9.9.9")).toBe(false);
    expect(await registerAttempt(db, accountKey(null, "conta-nova"), "10.9.9.9")).toBe(true);
    expect(await registerAttempt(db, accountKey(null, "conta-nova-2"), "10.9.9.8")).toBe(false);
  });

  it("does not count successful logins against the address", async () => {
    for (let i = 0; i < 25; i++) {
      const key = accountKey(null, `escritorio-${i}`);
      expect(await registerAttempt(db, key, "10.7.7.7")).toBe(false);
      await clearAttempts(db, key, "10.7.7.7");
    }
  });
});

describe("password reset tokens", () => {
  it("are single-use, replace older ones and set the password", async () => {
    const first = await issueResetToken(db, adminId);
    const second = await issueResetToken(db, adminId);
    expect(await findValidResetToken(db, first)).toBeNull();
    expect(await consumeResetToken(db, second, "novaSenha99")).toBe(true);
    expect(await consumeResetToken(db, second, "outraSenha99")).toBe(false);
    const row = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, "novaSenha99")).toBe(true);
  });

  it("expire after their hour and are cleaned up", async () => {
    const token = await issueResetToken(db, adminId);
    await db.updateTable("password_reset_tokens").set({ expires_at: "2000-01-01T00:00:00.000Z" }).execute();
    expect(await findValidResetToken(db, token)).toBeNull();
    await cleanupAccounts(db);
    expect(await db.selectFrom("password_reset_tokens").selectAll().execute()).toEqual([]);
  });
});

describe("staff passwords", () => {
  it("generates 12 letters and digits and resets only admins", async () => {
    for (let i = 0; i < 50; i++) expect(generatePassword()).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{12}$/);
    expect(await resetAdminPassword(db, masterId, null)).toBeNull();
    const reset = await resetAdminPassword(db, adminId, null);
    const row = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, reset!.password)).toBe(true);
  });
});
