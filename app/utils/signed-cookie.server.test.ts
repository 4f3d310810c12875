import { createCookie, createCookieSessionStorage } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedCookie } from "./signed-cookie.server";

const SECRET = "segredo-um-com-tamanho-suficiente";
const OLD_SECRET = "segredo-antigo-com-tamanho-suficiente";
const options = { path: "/", httpOnly: true, sameSite: "lax", secure: true, maxAge: 3600 } as const;
const values = [{ token: "abc_DEF-123" }, [{ u: 1, d: "x".repeat(22) }], { title: "Salvo ✓ ação", kind: "success" }];

const pair = (setCookie: string) => setCookie.split(";")[0];

afterEach(() => vi.restoreAllMocks());

describe("signedCookie", () => {
  it("writes exactly what React Router's createCookie writes, and each reads the other's", async () => {
    const ours = signedCookie("c", { ...options, secrets: [SECRET] });
    const theirs = createCookie("c", { ...options, secrets: [SECRET] });
    for (const value of values) {
      const header = await ours.serialize(value);
      expect(header).toBe(await theirs.serialize(value));
      expect(await theirs.parse(pair(header))).toEqual(value);
      expect(await ours.parse(`a=1; ${pair(await theirs.serialize(value))}; b=2`)).toEqual(value);
    }
    // Clearing, as readToast and destroySession do.
    expect(await ours.serialize("", { maxAge: 0 })).toBe(await theirs.serialize("", { maxAge: 0 }));
    const clear = { maxAge: undefined, expires: new Date(0) };
    expect(await ours.serialize("", clear)).toBe(await theirs.serialize("", clear));
    expect(await ours.parse("c=")).toBe("");
  });

  it("signs with the first secret and accepts any, so a rotated secret keeps older cookies", async () => {
    const before = signedCookie("c", { secrets: [OLD_SECRET] });
    const rotated = signedCookie("c", { secrets: [SECRET, OLD_SECRET] });
    const onlyNew = signedCookie("c", { secrets: [SECRET] });
    const old = pair(await before.serialize({ token: "t" }));
    expect(await rotated.parse(old)).toEqual({ token: "t" });
    expect(await onlyNew.parse(old)).toBeNull();
    expect(await onlyNew.parse(pair(await rotated.serialize({ token: "t" })))).toEqual({ token: "t" });
  });

  it("refuses a value changed, a signature changed, another secret's cookie and garbage", async () => {
    const cookie = signedCookie("c", { secrets: [SECRET] });
    const header = pair(await cookie.serialize({ role: "client" }));
    const [data, signature] = decodeURIComponent(header.slice(2)).split(".");
    const forgedData = Buffer.from(JSON.stringify({ role: "admin" })).toString("base64");
    expect(await cookie.parse(`c=${encodeURIComponent(`${forgedData}.${signature}`)}`)).toBeNull();
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await cookie.parse(`c=${encodeURIComponent(`${data}.${flipped}`)}`)).toBeNull();
    expect(await cookie.parse(`c=${encodeURIComponent(`${data}.${signature}=`)}`)).toBeNull();
    const other = createCookie("c", { secrets: [OLD_SECRET] });
    expect(await cookie.parse(pair(await other.serialize({ role: "client" })))).toBeNull();
    for (const garbage of ["c=%E0%A4%A", "c==", "c=abc", "c=.", ";;;=;c;toast==;=x", "outro=1", ""])
      expect(await cookie.parse(garbage), garbage).toBeNull();
    expect(await cookie.parse(null)).toBeNull();
  });

  it("imports no Web Crypto key when reading or writing (the work React Router repeats per cookie)", async () => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, "importKey");
    const cookie = signedCookie("c", { secrets: [SECRET] });
    const header = pair(await cookie.serialize({ token: "t" }));
    for (let i = 0; i < 3; i++) expect(await cookie.parse(header)).toEqual({ token: "t" });
    expect(importKey).not.toHaveBeenCalled();
    // The spy sees React Router's import (of a secret it has not seen), so the assertion above can fail.
    await createCookie("c", { secrets: ["um-segredo-que-o-react-router-nunca-viu"] }).parse(header);
    expect(importKey).toHaveBeenCalled();
  });

  it("is a session storage's cookie: commit, read back, destroy", async () => {
    const storage = createCookieSessionStorage<{ token: string }>({
      cookie: signedCookie("__session", { ...options, secrets: [SECRET] }),
    });
    const session = await storage.getSession();
    session.set("token", "tok");
    const header = await storage.commitSession(session);
    expect(header).toMatch(/^__session=[^;]+; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect((await storage.getSession(pair(header))).get("token")).toBe("tok");
    expect(await storage.destroySession(session)).toBe(
      "__session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax",
    );
  });
});
