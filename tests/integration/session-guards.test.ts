import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Role } from "#app/db/schema";
import { createSession } from "#app/models/accounts/sessions.server";
import { createUser } from "#app/models/accounts/users.server";
import { createClient } from "#app/models/clients/clients.server";
import { requireClient, requireStaff } from "#app/utils/auth.server";
import { sessionCookieFor } from "#app/utils/session.server";
import { readToast } from "#app/utils/toast.server";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The guards of the client area (requireClient) and the back office
// (requireStaff) on a real session cookie and the sessions table, without a
// browser: a staff session is no client session, and a session whose account
// was disabled (its row still there) is expired for both. What a person gets
// is the redirect and the toast it carries.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  let file: string;
  ({ db, cleanup, path: file } = await tempDatabase("it-guards-"));
  // The guards use the app's own instance (getDb): this file's database.
  vi.stubEnv("DATABASE_PATH", file);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanup();
});

let seq = 0;
async function account(role: Exclude<Role, "client">) {
  seq += 1;
  return createUser(
    db,
    {
      username: `${role}${seq}`,
      email: `${role}${seq}@agencia.com`,
      name: `${role} ${seq}`,
      password: "senha1234",
      role,
    },
    null,
  );
}

async function tenant() {
  seq += 1;
  const created = await createClient(
    db,
    {
      name: `Inquilina ${seq}`,
      email: `inq${seq}@teste.com`,
      username: `inq${seq}`,
      password: "senha1234",
      payment_due_day: 5,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  const { user_id } = await db
    .selectFrom("clients")
    .select("user_id")
    .where("id", "=", created.id)
    .executeTakeFirstOrThrow();
  return { clientId: created.id, userId: user_id! };
}

// A request carrying the session cookie the login would set for this account.
async function requestAs(userId: number | null, path = "/client-area") {
  const headers = new Headers();
  if (userId !== null) {
    const token = await createSession(db, userId, "vitest");
    headers.set("Cookie", (await sessionCookieFor(token)).split(";")[0]);
  }
  return new Request(`http://localhost${path}`, { headers });
}

// Where the guard sent the person and what the toast said; whether it also
// cleared the session cookie (a session that had ended).
async function refusal(guard: Promise<unknown>) {
  const thrown = await guard.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error(`the guard let the request through (or threw ${String(thrown)})`);
  const cookies = thrown.headers.getSetCookie();
  const toastCookie = cookies.find((c) => c.startsWith("toast="))!.split(";")[0];
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: toastCookie } }));
  return {
    status: thrown.status,
    location: thrown.headers.get("Location"),
    toast: { title: toast?.title, description: toast?.description },
    clearsSession: cookies.some((c) => /^__session=;/.test(c)),
  };
}

const NOT_A_CLIENT = { title: "Acesso negado", description: "Sua conta não está cadastrada como cliente." };
const LOG_IN = { title: "Acesso negado", description: "Você precisa fazer login para acessar esta página." };

describe("requireClient", () => {
  it("lets a client's session through with its own record", async () => {
    const { clientId, userId } = await tenant();
    const viewer = await requireClient(await requestAs(userId));
    expect(viewer.client.id).toBe(clientId);
    expect(viewer.user.id).toBe(userId);
  });

  for (const role of ["admin", "master"] as const) {
    it(`refuses an active ${role}'s session: back to the client login with "not a client"`, async () => {
      const staff = await account(role);
      expect(await refusal(requireClient(await requestAs(staff)))).toEqual({
        status: 302,
        location: "/client-login",
        toast: NOT_A_CLIENT,
        clearsSession: false,
      });
    });
  }

  it("refuses a staff session even when a client record names its account", async () => {
    const { clientId } = await tenant();
    const staff = await account("admin");
    await db.updateTable("clients").set({ user_id: staff }).where("id", "=", clientId).execute();
    expect(await refusal(requireClient(await requestAs(staff)))).toEqual({
      status: 302,
      location: "/client-login",
      toast: NOT_A_CLIENT,
      clearsSession: false,
    });
  });

  it("refuses a client login whose record is gone", async () => {
    const { clientId, userId } = await tenant();
    await db.updateTable("clients").set({ user_id: null }).where("id", "=", clientId).execute();
    expect(await refusal(requireClient(await requestAs(userId)))).toEqual({
      status: 302,
      location: "/client-login",
      toast: NOT_A_CLIENT,
      clearsSession: false,
    });
  });

  it("refuses a request without a session", async () => {
    expect(await refusal(requireClient(await requestAs(null)))).toEqual({
      status: 302,
      location: "/client-login",
      toast: LOG_IN,
      clearsSession: false,
    });
  });
});

describe("a session of a disabled account", () => {
  // Disabling through the app also deletes the sessions; here the row stays,
  // so only the account's own flag can refuse it.
  const disable = (userId: number) => db.updateTable("users").set({ active: 0 }).where("id", "=", userId).execute();

  it("is refused by the client area, which ends it in the browser", async () => {
    const { userId } = await tenant();
    const request = await requestAs(userId);
    await disable(userId);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toHaveLength(1);
    expect(await refusal(requireClient(request))).toEqual({
      status: 302,
      location: "/client-login",
      toast: LOG_IN,
      clearsSession: true,
    });
  });

  for (const role of ["admin", "master"] as const) {
    it(`is refused by the back office for ${role === "admin" ? "an" : "a"} ${role}: "Sessão expirada"`, async () => {
      const staff = await account(role);
      const request = await requestAs(staff, "/admin/dashboard");
      expect((await requireStaff(request)).id).toBe(staff);
      await disable(staff);
      expect(await refusal(requireStaff(request))).toEqual({
        status: 302,
        location: "/admin",
        toast: { title: "Sessão expirada", description: "Faça login novamente para continuar." },
        clearsSession: true,
      });
    });
  }
});
