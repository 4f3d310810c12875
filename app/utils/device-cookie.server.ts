import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { cookieSecrets, secureCookies } from "./cookie-secrets.server";

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

// u: the account's id, d: this device's random id, t: issued at (ms).
type Entry = { u: number; d: string; t: number };

let cookie: ReturnType<typeof createCookie> | undefined;
function deviceCookie() {
  cookie ??= createCookie("__device", {
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
  const { u, d, t } = value as Record<string, unknown>;
  return Number.isSafeInteger(u) && typeof d === "string" && /^[A-Za-z0-9_-]{22}$/.test(d) && Number.isFinite(t);
}

// The browser's valid entries, newest first; none when the cookie is missing,
// unsigned or tampered with.
async function readEntries(request: Request): Promise<Entry[]> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("__device=")) return [];
  const value: unknown = await deviceCookie().parse(header);
  if (!Array.isArray(value)) return [];
  const now = Date.now();
  return value.filter((e): e is Entry => isEntry(e) && e.t > now - DEVICE_COOKIE_DAYS * DAY_MS && e.t <= now + 60_000).slice(0, MAX_ACCOUNTS);
}

// The id of this browser's device cookie for that account, or null.
export async function trustedDevice(request: Request, userId: number) {
  return (await readEntries(request)).find((e) => e.u === userId)?.d ?? null;
}

// The Set-Cookie after a successful login: a fresh id for this account (its
// failure count starts over), the browser's other accounts kept.
export async function deviceCookieFor(request: Request, userId: number) {
  const others = (await readEntries(request)).filter((e) => e.u !== userId);
  const entries: Entry[] = [{ u: userId, d: randomBytes(16).toString("base64url"), t: Date.now() }, ...others].slice(0, MAX_ACCOUNTS);
  return deviceCookie().serialize(entries);
}
