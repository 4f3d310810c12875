import { createCookieSessionStorage } from "react-router";
import { SESSION_DAYS } from "#app/models/accounts/sessions.server";
import { cookieSecrets, secureCookies } from "./cookie-secrets.server";
import { signedCookie } from "./signed-cookie.server";

// The cookie carries only a random session token (signed); who it belongs to
// and whether it is still valid is decided by the `sessions` table. HttpOnly +
// SameSite=Lax; Secure when APP_URL is https
// (docs/decisions/0004-accounts-and-guard.md). Signed by the app's own
// signedCookie, whose key is made once (docs/decisions/0054).
let storage: ReturnType<typeof createCookieSessionStorage<{ token: string }>> | undefined;
function sessionStorage() {
  storage ??= createCookieSessionStorage<{ token: string }>({
    cookie: signedCookie("__session", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      secrets: cookieSecrets(),
      maxAge: SESSION_DAYS * 86_400,
    }),
  });
  return storage;
}

export async function readSessionToken(request: Request) {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  return session.get("token") ?? null;
}

export async function sessionCookieFor(token: string) {
  const session = await sessionStorage().getSession();
  session.set("token", token);
  return sessionStorage().commitSession(session);
}

export async function clearSessionCookie(request: Request) {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  return sessionStorage().destroySession(session);
}
