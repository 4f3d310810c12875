import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "#app/db/db.server";
import { dummyHash, verifyPassword } from "#app/models/accounts/password.server";
import { lookupSession } from "#app/models/accounts/sessions.server";
import { accountKey, clearAttempts, registerAttempt } from "#app/models/accounts/throttle.server";
import { checkPassword, findUserForLogin, type SessionUser } from "#app/models/accounts/users.server";
import { getClientForUser, type PortalClient } from "#app/models/clients/portal.server";
import { getOwnerForUser, type PortalOwner } from "#app/models/owners/portal.server";
import { trustedDevice } from "./device-cookie.server";
import { noteRequestRole } from "./log.server";
import { CLIENT_IP_HEADER } from "./request-headers";
import { clearSessionCookie, readSessionToken } from "./session.server";
import { redirectWithToast } from "./toast.server";

export class LoginError extends Error {
  constructor(
    public code: "missing" | "invalid" | "throttled",
    message: string,
  ) {
    super(message);
  }
}

function clientIp(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

// The credential check (remix-auth's form strategy): username or email, an
// argon2id hash, and throttling per account and per address, or per device
// cookie for a browser that logged in to the account before (so strangers
// cannot lock it out: docs/decisions/0008-login-lockout.md). Every failure
// answers the same message, whether the account exists or not. The action
// that logs the user in sets the new device cookie (deviceCookieFor).
// The password hash travels with the result only to bind the new device
// cookie to it (device-cookie.server.ts); it is never stored in the session.
export const authenticator = new Authenticator<SessionUser & { passwordHash: string }>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const identifier = String(form.get("username") ?? "")
      .trim()
      .slice(0, 254);
    const password = String(form.get("password") ?? "").slice(0, 200);
    if (!identifier || !password) throw new LoginError("missing", "Preencha o email/usuário e a senha.");
    const db = getDb();
    const ip = clientIp(request);
    const row = await findUserForLogin(db, identifier);
    const account = accountKey(row, identifier);
    const device = row ? await trustedDevice(request, row) : null;
    if (await registerAttempt(db, account, ip, device)) {
      throw new LoginError("throttled", "Muitas tentativas de login. Aguarde 15 minutos e tente novamente.");
    }
    const ok = row
      ? await verifyPassword(row.password_hash, password)
      : await verifyPassword(await dummyHash(), password);
    if (!row || !ok || row.active !== 1) throw new LoginError("invalid", "Email/usuário ou senha incorretos.");
    await clearAttempts(db, account, ip, device);
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      name: row.name,
      role: row.role,
      active: true,
      passwordHash: row.password_hash,
    };
  }),
  "form",
);

// The current password asked again by a signed-in page (changing the email
// or the password). Throttled like a login, per account and per address: a
// borrowed session must not be a way to guess the password at full speed.
export async function confirmCurrentPassword(
  request: Request,
  userId: number,
  password: string,
): Promise<"ok" | "wrong" | "throttled"> {
  const db = getDb();
  const key = `reauth:id:${userId}`;
  const ip = clientIp(request);
  if (await registerAttempt(db, key, ip)) return "throttled";
  if (!(await checkPassword(db, userId, password))) return "wrong";
  await clearAttempts(db, key, ip);
  return "ok";
}

// Every page that reads the session reads it here; the request's access line
// gets the account's role (never who it is).
export async function getSessionUser(request: Request) {
  const result = await lookupSession(getDb(), await readSessionToken(request));
  if (result.status === "ok") noteRequestRole(result.user.role);
  return result;
}

// The admin guard (docs/decisions/0004-accounts-and-guard.md): throws a
// redirect to /admin with the spec's toast unless the session belongs to an
// active master or admin.
export async function requireStaff(request: Request): Promise<SessionUser & { sessionId: string }> {
  const result = await getSessionUser(request);
  if (result.status === "ok" && (result.user.role === "master" || result.user.role === "admin")) {
    return { ...result.user, sessionId: result.sessionId };
  }
  const headers = result.status === "expired" ? { "Set-Cookie": await clearSessionCookie(request) } : undefined;
  throw await redirectWithToast(
    "/admin",
    result.status === "expired"
      ? { type: "error", title: "Sessão expirada", description: "Faça login novamente para continuar." }
      : { type: "error", title: "Acesso negado", description: "Você precisa fazer login para acessar esta página." },
    { headers },
  );
}

export type ClientViewer = { user: SessionUser & { sessionId: string }; client: PortalClient };

// The client-area guard (docs/product.md §Área do Cliente;
// docs/decisions/0004-accounts-and-guard.md): an active client session whose
// account is linked to a client record. Staff sessions are not client sessions.
// Otherwise the spec's toast and a redirect to /client-login.
export async function requireClient(request: Request): Promise<ClientViewer> {
  return requireOutsider(request, getClientForUser, "Sua conta não está cadastrada como cliente.", (user, client) => ({
    user,
    client,
  }));
}

export type OwnerViewer = { user: SessionUser & { sessionId: string }; owner: PortalOwner };

// The owner's area guard (decision 0077): an active `client`-role session
// whose account is linked to an owner record; the same login may open the
// tenant's area too. Anyone else: the client login, as above.
export async function requireOwner(request: Request): Promise<OwnerViewer> {
  return requireOutsider(
    request,
    getOwnerForUser,
    "Sua conta não está cadastrada como proprietário.",
    (user, owner) => ({
      user,
      owner,
    }),
  );
}

// An outside person's area: the session, then the record its login is linked to.
async function requireOutsider<R, T>(
  request: Request,
  find: (db: ReturnType<typeof getDb>, userId: number) => Promise<R | null>,
  notLinked: string,
  viewer: (user: SessionUser & { sessionId: string }, record: R) => T,
): Promise<T> {
  const result = await getSessionUser(request);
  if (result.status === "ok") {
    const record = result.user.role === "client" ? await find(getDb(), result.user.id) : null;
    if (record) return viewer({ ...result.user, sessionId: result.sessionId }, record);
    throw await redirectWithToast("/client-login", { type: "error", title: "Acesso negado", description: notLinked });
  }
  const headers = result.status === "expired" ? { "Set-Cookie": await clearSessionCookie(request) } : undefined;
  throw await redirectWithToast(
    "/client-login",
    { type: "error", title: "Acesso negado", description: "Você precisa fazer login para acessar esta página." },
    { headers },
  );
}
