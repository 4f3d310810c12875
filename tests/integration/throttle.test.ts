import type { Kysely } from "kysely";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { hashPassword } from "#app/models/accounts/password.server";
import { accountKey, clearAttempts, registerAttempt } from "#app/models/accounts/throttle.server";
import { LoginError, authenticator } from "#app/utils/auth.server";
import { cookieSecrets } from "#app/utils/cookie-secrets.server";
import { deviceCookieFor, passwordFingerprint, trustedDevice } from "#app/utils/device-cookie.server";
import { CLIENT_IP_HEADER } from "#app/utils/request-headers";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Login throttling (docs/decisions/0008-login-lockout.md): strangers' failures
// lock the "untrusted" bucket of an account, never a browser that holds a
// device cookie for it; a device cookie's own failures lock only that device.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;

let dbPath: string;

beforeAll(async () => {
  ({ db, cleanup, path: dbPath } = await tempDatabase("throttle-it-"));
  // The login strategy uses the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", dbPath);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
});

// Six failures on the account from six addresses, none with a device cookie.
async function strangersFail(account: string, prefix: string) {
  const over: boolean[] = [];
  for (let i = 0; i < 6; i++) over.push(await registerAttempt(db, account, `${prefix}.${i}`));
  return over;
}

describe("the untrusted bucket of an account", () => {
  it("refuses the 6th attempt from browsers without a device cookie, from any address", async () => {
    expect(await strangersFail(accountKey({ id: 101 }, "ana"), "198.51.100")).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(await registerAttempt(db, accountKey({ id: 101 }, "ana"), "198.51.100.99")).toBe(true);
  });

  it("does not refuse a browser that holds a device cookie for the account", async () => {
    const account = accountKey({ id: 102 }, "bia");
    await strangersFail(account, "198.51.101");
    expect(await registerAttempt(db, account, "203.0.113.7", "device-bia-office")).toBe(false);
    // The trusted attempt did not reopen the account to strangers.
    expect(await registerAttempt(db, account, "198.51.101.50")).toBe(true);
  });
});

describe("a device cookie's own bucket", () => {
  it("locks only that device after 5 failures: another device and strangers keep their own counts", async () => {
    const account = accountKey({ id: 103 }, "caio");
    const over: boolean[] = [];
    for (let i = 0; i < 6; i++) over.push(await registerAttempt(db, account, "203.0.113.8", "device-caio-laptop"));
    expect(over).toEqual([false, false, false, false, false, true]);
    expect(await registerAttempt(db, account, "203.0.113.8", "device-caio-phone")).toBe(false);
    expect(await registerAttempt(db, account, "198.51.102.1")).toBe(false);
  });

  it("a success clears the device's count but not the strangers' one", async () => {
    const account = accountKey({ id: 104 }, "duda");
    for (let i = 0; i < 4; i++) await registerAttempt(db, account, "203.0.113.9", "device-duda");
    await registerAttempt(db, account, "198.51.103.1");
    for (let i = 0; i < 4; i++) await registerAttempt(db, account, `198.51.103.${i + 2}`);
    await clearAttempts(db, account, "203.0.113.9", "device-duda");
    for (let i = 0; i < 5; i++) expect(await registerAttempt(db, account, "203.0.113.9", "device-duda")).toBe(false);
    expect(await registerAttempt(db, account, "198.51.103.9")).toBe(true);
  });

  it("counts parallel attempts one by one", async () => {
    const account = accountKey({ id: 105 }, "eva");
    const results = await Promise.all(
      Array.from({ length: 8 }, () => registerAttempt(db, account, "203.0.113.10", "device-eva")),
    );
    expect(results.filter((over) => !over)).toHaveLength(5);
  });
});

describe("the per-address limit", () => {
  it("stops an address spraying many accounts, but not a device cookie's own account behind it", async () => {
    for (let i = 0; i < 20; i++)
      expect(await registerAttempt(db, accountKey(null, `spray-${i}`), "192.0.2.50")).toBe(false);
    expect(await registerAttempt(db, accountKey(null, "spray-20"), "192.0.2.50")).toBe(true);
    // A member of staff behind the same address (an office, a carrier's NAT)
    // whose browser logged in before still reaches the password check.
    expect(await registerAttempt(db, accountKey({ id: 106 }, "fabi"), "192.0.2.50", "device-fabi")).toBe(false);
    // Without a device cookie the address's limit applies.
    expect(await registerAttempt(db, accountKey({ id: 106 }, "fabi"), "192.0.2.50")).toBe(true);
  });
});

async function insertAdmin(username: string, password: string) {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("users")
    .values({
      username,
      email: `${username}@teste.com`,
      name: username,
      password_hash: await hashPassword(password),
      role: "admin",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

// "name=value" of a Set-Cookie, as the browser sends it back.
const cookiePair = (setCookie: string) => setCookie.split(";")[0];
const withCookie = (cookie: string) => new Request("http://localhost/admin", { headers: { Cookie: cookie } });

// An account as the login strategy sees it, with a stand-in password hash.
const acct = (id: number, hash = `hash-${id}`) => ({ id, passwordHash: hash });
const row = (id: number, hash = `hash-${id}`) => ({ id, password_hash: hash });

describe("device cookies", () => {
  it("are void once the account's password changes", async () => {
    const cookie = cookiePair(await deviceCookieFor(new Request("http://localhost/admin"), acct(210, "old-hash")));
    expect(await trustedDevice(withCookie(cookie), row(210, "old-hash"))).not.toBeNull();
    expect(await trustedDevice(withCookie(cookie), row(210, "new-hash"))).toBeNull();
  });

  it("name one account, and a tampered, forged or expired one counts as none", async () => {
    const cookie = cookiePair(await deviceCookieFor(new Request("http://localhost/admin"), acct(201)));
    expect(await trustedDevice(withCookie(cookie), row(201))).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await trustedDevice(withCookie(cookie), row(202))).toBeNull();

    const value = cookie.slice(cookie.indexOf("=") + 1);
    const flipped = value.slice(0, 10) + (value[10] === "A" ? "B" : "A") + value.slice(11);
    expect(await trustedDevice(withCookie(`__device=${flipped}`), row(201))).toBeNull();

    const entry = { u: 201, d: "A".repeat(22), t: Date.now(), p: passwordFingerprint("hash-201") };
    const forged = createCookie("__device", { secrets: ["not-the-apps-secret"] });
    expect(await trustedDevice(withCookie(cookiePair(await forged.serialize([entry]))), row(201))).toBeNull();
    const signed = createCookie("__device", { secrets: cookieSecrets() });
    expect(await trustedDevice(withCookie(cookiePair(await signed.serialize([entry]))), row(201))).toBe(entry.d);
    const old = { ...entry, t: Date.now() - 366 * 86_400_000 };
    expect(await trustedDevice(withCookie(cookiePair(await signed.serialize([old]))), row(201))).toBeNull();
  });

  it("are HttpOnly, SameSite=Lax and last a year", async () => {
    const setCookie = await deviceCookieFor(new Request("http://localhost/admin"), acct(203));
    expect(setCookie).toMatch(/^__device=/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Max-Age=31536000/);
  });

  it("keep the browser's other accounts (five at most), with a fresh id for the one that logged in", async () => {
    let cookie = "";
    for (const id of [301, 302, 303, 304, 305, 306])
      cookie = cookiePair(await deviceCookieFor(withCookie(cookie), acct(id)));
    expect(await trustedDevice(withCookie(cookie), row(301))).toBeNull();
    const before = await trustedDevice(withCookie(cookie), row(302));
    expect(before).not.toBeNull();
    for (const id of [303, 304, 305, 306]) expect(await trustedDevice(withCookie(cookie), row(id))).not.toBeNull();
    const again = cookiePair(await deviceCookieFor(withCookie(cookie), acct(302)));
    const after = await trustedDevice(withCookie(again), row(302));
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect(await trustedDevice(withCookie(again), row(306))).toBe(await trustedDevice(withCookie(cookie), row(306)));
  });
});

describe("the login strategy", () => {
  // The account as the login action has it after a success: id and hash.
  async function loggedIn(id: number) {
    const { password_hash } = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { id, passwordHash: password_hash };
  }

  async function attempt(username: string, password: string, ip: string, cookie = "") {
    const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: ip });
    if (cookie) headers.set("Cookie", cookie);
    const request = new Request("http://localhost/admin", {
      method: "POST",
      headers,
      body: new URLSearchParams({ username, password }),
    });
    return authenticator.authenticate("form", request).then(
      () => "ok",
      (error: unknown) => (error instanceof LoginError ? error.code : Promise.reject(error)),
    );
  }

  it("lets a browser that logged in before through six strangers' failures, and stops a fresh one", async () => {
    const id = await insertAdmin("gil", "senha-do-gil-1");
    expect(await attempt("gil", "senha-do-gil-1", "10.20.0.1")).toBe("ok");
    // What the login action sets after that success.
    const device = cookiePair(await deviceCookieFor(new Request("http://localhost/admin"), await loggedIn(id)));

    const strangers: string[] = [];
    for (let i = 0; i < 6; i++) strangers.push(await attempt("gil", `errada-${i}`, `10.30.0.${i}`));
    expect(strangers).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "throttled"]);

    expect(await attempt("gil", "senha-do-gil-1", "10.40.0.1")).toBe("throttled");
    expect(await attempt("GIL@teste.com", "senha-do-gil-1", "10.40.0.1", device)).toBe("ok");
  });

  it("locks a device cookie after its own five failures, and only it", async () => {
    const id = await insertAdmin("hana", "senha-da-hana-1");
    const laptop = cookiePair(await deviceCookieFor(new Request("http://localhost/admin"), await loggedIn(id)));
    const phone = cookiePair(await deviceCookieFor(new Request("http://localhost/admin"), await loggedIn(id)));
    const results: string[] = [];
    for (let i = 0; i < 6; i++) results.push(await attempt("hana", `errada-${i}`, "10.50.0.1", laptop));
    expect(results).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "throttled"]);
    expect(await attempt("hana", "senha-da-hana-1", "10.50.0.1", laptop)).toBe("throttled");
    expect(await attempt("hana", "senha-da-hana-1", "10.50.0.1", phone)).toBe("ok");
    expect(await attempt("hana", "senha-da-hana-1", "10.60.0.1")).toBe("ok");
  });

  it("counts all the device cookies of an account together: many past logins never add up to more than 20 guesses", async () => {
    const id = await insertAdmin("ivo", "senha-do-ivo-1");
    const cookies = await Promise.all(
      Array.from({ length: 6 }, async () =>
        cookiePair(await deviceCookieFor(new Request("http://localhost/admin"), await loggedIn(id))),
      ),
    );
    const results: string[] = [];
    for (const cookie of cookies)
      for (let i = 0; i < 4; i++) results.push(await attempt("ivo", `errada-${i}`, "10.70.0.1", cookie));
    expect(results.slice(0, 20).every((r) => r === "invalid")).toBe(true);
    expect(results.slice(20)).toEqual(["throttled", "throttled", "throttled", "throttled"]);
  });
});
