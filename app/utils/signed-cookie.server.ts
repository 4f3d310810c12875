import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import type { Cookie } from "react-router";

// A signed cookie for React Router (its `Cookie` interface: createCookieSessionStorage
// takes one), written and read in React Router's own format: the value as
// base64 of its JSON, a dot, and the HMAC-SHA256 of that text under the first
// secret (base64, no padding); any of the secrets verifies, so a rotated
// secret keeps older cookies valid, and cookies issued by React Router's
// createCookie before this file read the same.
//
// Why not React Router's createCookie: it signs and verifies with Web Crypto,
// which imports the secret's HMAC key again for every cookie read or written
// (an async `crypto.subtle.importKey`, ~0.14 ms, on every signed-in page for
// the session cookie). Here each secret becomes a key once, and Node's HMAC
// runs synchronously (docs/decisions/0054-no-patched-framework.md).
type Attributes = {
  path?: string;
  domain?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "lax" | "strict" | "none";
  maxAge?: number;
  expires?: Date;
};
type Options = Omit<Attributes, "expires"> & { secrets: string[] };
type SerializeOptions = { maxAge?: number; expires?: Date };

export function signedCookie(name: string, { secrets, ...options }: Options): Cookie {
  if (!secrets.length) throw new Error(`cookie ${name}: at least one secret`);
  const keys: KeyObject[] = secrets.map((secret) => createSecretKey(Buffer.from(secret, "utf8")));
  const settings = { path: "/", sameSite: "lax" as const, ...options };
  const sign = (value: string, key: KeyObject) =>
    createHmac("sha256", key).update(value).digest("base64").replace(/=+$/, "");

  function unsign(signed: string): string | null {
    const dot = signed.lastIndexOf(".");
    if (dot < 0) return null;
    const value = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1));
    for (const key of keys) {
      const expected = Buffer.from(sign(value, key));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return value;
    }
    return null;
  }

  return {
    name,
    isSigned: true,
    get expires() {
      return settings.maxAge !== undefined ? new Date(Date.now() + settings.maxAge * 1000) : undefined;
    },
    async parse(header) {
      const raw = header ? readRaw(header, name) : null;
      if (raw === null) return null;
      // A cookie cleared by serialize("") reads as "", as React Router's does.
      if (raw === "") return "";
      const value = unsign(raw);
      if (value === null) return null;
      try {
        return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
      } catch {
        return null;
      }
    },
    async serialize(value: unknown, overrides?: SerializeOptions) {
      const encoded = value === "" ? "" : signedValue(value, keys[0]);
      return serializeCookie(name, encoded, { ...settings, ...overrides });
    },
  };

  function signedValue(value: unknown, key: KeyObject) {
    const data = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
    return `${data}.${sign(data, key)}`;
  }
}

// The first value of `name` in a Cookie header, percent-decoded (serialize
// percent-encodes base64's + / =); null when absent or malformed.
function readRaw(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

function serializeCookie(name: string, value: string, options: Attributes) {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.path) parts.push(`Path=${options.path}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.sameSite) parts.push(`SameSite=${options.sameSite.charAt(0).toUpperCase()}${options.sameSite.slice(1)}`);
  return parts.join("; ");
}
