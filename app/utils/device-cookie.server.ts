import { createHash, randomBytes } from "node:crypto";
import type { Cookie } from "react-router";
import { cookieSecrets, secureCookies } from "./cookie-secrets.server";
import { signedCookie } from "./signed-cookie.server";

// Device cookies (OWASP; docs/decisions/0008-login-lockout.md): after a
// successful login the browser keeps a signed cookie naming the account and a
// random id. Its later attempts on that account are counted for that id alone
// (models/accounts/throttle.server.ts), so strangers' failures cannot lock it
// out. Nothing is stored server-side but the failure counts: the signature
// (SESSION_SECRET) is what makes the cookie impossible to forge, and the
// issue date inside it, not the browser, decides when it expires.

export const DEVICE_COOKIE_DAYS = 365;
// A shared office computer: a few staff accounts per browser.
const MAX_ACCOUNTS = 5;
const DAY_MS = 86_400_000;

// u: the account's id, d: this device's random id, t: issued at (ms),
// p: a fingerprint of the account's password hash when the cookie was issued.
// A new password (a reset after a leak) voids every device cookie of the
// account: only a browser that knew the current password is trusted.
type Entry = { u: number; d: string; t: number; p: string };

export function passwordFingerprint(passwordHash: string) {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);
}

let cookie: Cookie | undefined;
function deviceCookie() {
  cookie ??= signedCookie("__device", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    secrets: cookieSecrets(),
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
  return cookie;
}

function isEntry(value: unknown): value is Entry {
  if (!value || typeof value !== "object") return false;
  const { u, d, t, p } = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(u) &&
    typeof d === "string" &&
    /^[A-Za-z0-9_-]{22}$/.test(d) &&
    Number.isFinite(t) &&
    typeof p === "string"
  );
}

// The browser's valid entries, newest first; none when the cookie is missing,
// unsigned or tampered with.
async function readEntries(request: Request): Promise<Entry[]> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("__device=")) return [];
  const value: unknown = await deviceCookie().parse(header);
  if (!Array.isArray(value)) return [];
  const now = Date.now();
  return value
    .filter((e): e is Entry => isEntry(e) && e.t > now - DEVICE_COOKIE_DAYS * DAY_MS && e.t <= now + 60_000)
    .slice(0, MAX_ACCOUNTS);
}

// The id of this browser's device cookie for that account (issued under its
// current password), or null.
export async function trustedDevice(request: Request, user: { id: number; password_hash: string }) {
  const p = passwordFingerprint(user.password_hash);
  return (await readEntries(request)).find((e) => e.u === user.id && e.p === p)?.d ?? null;
}

// The Set-Cookie after a successful login: a fresh id for this account (its
// failure count starts over), the browser's other accounts kept.
export async function deviceCookieFor(request: Request, user: { id: number; passwordHash: string }) {
  const others = (await readEntries(request)).filter((e) => e.u !== user.id);
  const entry: Entry = {
    u: user.id,
    d: randomBytes(16).toString("base64url"),
    t: Date.now(),
    p: passwordFingerprint(user.passwordHash),
  };
  const entries: Entry[] = [entry, ...others].slice(0, MAX_ACCOUNTS);
  return deviceCookie().serialize(entries);
}
