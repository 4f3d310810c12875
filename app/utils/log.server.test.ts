import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import routeConfig from "#app/routes";
import { captureLog } from "#tests/fixtures/log";
import { log, loggedPath, noteRequestRole, requestContext, runWithRequestContext, scrub } from "./log.server";

const captured = captureLog();
afterEach(() => captured.clear());
afterAll(() => captured.restore());

describe("loggedPath", () => {
  it("keeps the path and the names of the query parameters, never their values", () => {
    expect(loggedPath("/")).toBe("/");
    expect(loggedPath("/imoveis")).toBe("/imoveis");
    expect(loggedPath("/imoveis?cidade=Tr%C3%AAs%20Lagoas&pagina=2")).toBe("/imoveis?cidade=&pagina=");
    expect(loggedPath("/imoveis?busca=fulano%40exemplo.com&&ordem")).toBe("/imoveis?busca=&ordem=");
    expect(loggedPath("/_.data?index")).toBe("/_.data?index=");
    expect(loggedPath("/imoveis?")).toBe("/imoveis?");
  });

  it("hides the token of a password-reset link, in any spelling the router accepts", () => {
    const token = "q3Zk8yV2n1bXx7cW0aLrT5uPsHd9eJ4fGm6iKoQ-_Ab";
    for (const [target, shown] of [
      [`/admin/password-recovery/${token}`, "/admin/password-recovery/:token"],
      [`/admin/password-recovery/${token}.data`, "/admin/password-recovery/:token"],
      [`/ADMIN/Password-Recovery/${token}?x=${token}`, "/ADMIN/Password-Recovery/:token?x="],
      [`/client-login/recuperar-senha/${token}`, "/client-login/recuperar-senha/:token"],
      [`/client-login/recuperar-senha/${token}/`, "/client-login/recuperar-senha/:token/"],
    ]) {
      expect(loggedPath(target)).toBe(shown);
    }
    // The pages without a token stay as they are.
    expect(loggedPath("/admin/password-recovery")).toBe("/admin/password-recovery");
    expect(loggedPath("/client-login/recuperar-senha")).toBe("/client-login/recuperar-senha");
  });

  it("hides every token-bearing URL of app/routes.ts", () => {
    const paths: string[] = [];
    const walk = (entries: RouteConfigEntry[], prefix: string) => {
      for (const entry of entries) {
        const path = entry.path ? `${prefix}/${entry.path}` : prefix;
        if (entry.path?.includes(":token")) paths.push(path);
        walk(entry.children ?? [], path);
      }
    };
    walk(routeConfig, "");
    expect(paths.length).toBeGreaterThanOrEqual(2);
    for (const path of paths) {
      const secret = "SecretTokenValue_0123456789abcdefghij";
      expect(loggedPath(path.replace(":token", secret)), path).not.toContain(secret);
    }
  });

  it("cuts a long path and a long list of names", () => {
    expect(loggedPath(`/${"a".repeat(500)}`).length).toBeLessThanOrEqual(202);
    const names = Array.from({ length: 100 }, (_, i) => `p${i}=1`).join("&");
    expect(loggedPath(`/imoveis?${names}`).split("&").length).toBe(31);
  });
});

describe("scrub", () => {
  it("masks email addresses, CPF and CNPJ numbers", () => {
    expect(scrub("no recipients: <maria.silva+x@exemplo.com.br> refused")).toBe("no recipients: <[email]> refused");
    expect(scrub("cpf 123.456.789-09 e 12345678909")).toBe("cpf [cpf] e [cpf]");
    expect(scrub("cnpj 12.345.678/0001-95 e 12345678000195")).toBe("cnpj [cnpj] e [cnpj]");
  });

  it("leaves ids, times, versions, paths and longer digit runs alone", () => {
    for (const text of [
      "2026-11-23T10:00:00.000Z",
      "react-router@7.18.4",
      "/work/app/node_modules/@react-router/express/dist/index.js:12:34",
      "3f2a1b9c-4d5e-4f60-8a7b-123456789012",
      "linha 34191790010104351004791020150008291070026000",
      "1700000000000",
    ]) {
      expect(scrub(text)).toBe(text);
    }
  });
});

describe("log", () => {
  it("writes one JSON line: info to stdout, warn and error to stderr", () => {
    log.info("test.info", { count: 2 });
    log.warn("test.warn");
    log.error("test.error", { reason: "x" });
    expect(captured.lines.map((l) => [l.stream, l.level, l.event])).toEqual([
      ["stdout", "info", "test.info"],
      ["stderr", "warn", "test.warn"],
      ["stderr", "error", "test.error"],
    ]);
    expect(captured.lines[0].count).toBe(2);
    expect(Date.parse(captured.lines[0].time)).not.toBeNaN();
    expect(captured.lines[0].requestId).toBeUndefined();
  });

  it("carries the request's id into everything that runs for it, awaits and timers included", async () => {
    const context = { requestId: "req-1", role: "anonymous" };
    await runWithRequestContext(context, async () => {
      log.info("test.before");
      await new Promise((resolve) => setTimeout(resolve, 5));
      noteRequestRole("master");
      await Promise.resolve().then(() => log.warn("test.after"));
    });
    log.info("test.outside");
    expect(captured.lines.map((l) => [l.event, l.requestId])).toEqual([
      ["test.before", "req-1"],
      ["test.after", "req-1"],
      ["test.outside", undefined],
    ]);
    expect(context.role).toBe("master");
    expect(requestContext()).toBeUndefined();
  });

  it("writes an error's name, message, stack, code and cause, without personal data", () => {
    const cause = Object.assign(new Error("UNIQUE constraint failed: users.email"), {
      code: "SQLITE_CONSTRAINT_UNIQUE",
    });
    const error = new Error("could not send to joana@exemplo.com (CPF 123.456.789-09)", { cause });
    log.error("test.failed", { error });
    const [line] = captured.lines;
    const logged = line.error as {
      name: string;
      message: string;
      stack: string;
      cause: { code: string; message: string };
    };
    expect(logged.name).toBe("Error");
    expect(logged.message).toBe("could not send to [email] (CPF [cpf])");
    expect(logged.stack).toContain("log.server.test.ts");
    expect(logged.cause).toMatchObject({
      code: "SQLITE_CONSTRAINT_UNIQUE",
      message: "UNIQUE constraint failed: users.email",
    });
    expect(captured.text()).not.toContain("joana");
    expect(captured.text()).not.toContain("123.456.789-09");
  });

  it("never throws, whatever the fields hold", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => log.warn("test.cyclic", { cyclic, big: 10n })).not.toThrow();
    expect(captured.lines[0]).toMatchObject({ event: "test.cyclic", unserializable: true });
  });
});
