import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requestPipeline } from "../../server/request-pipeline";
import {
  checkPath,
  formBodyKind,
  isPublicPost,
  isUploadPath,
  postSourceVerdict,
  type PostSource,
} from "../../server/request-rules";
import { captureLog } from "#tests/fixtures/log";
import { multipartBody, sendRaw } from "#tests/fixtures/raw-http";

// The rules judge the path React Router will route (decoded, without ".data",
// a trailing slash or case), never the path as written.
function routePath(target: string) {
  const checked = checkPath(target);
  if (!checked.ok) throw new Error(`refused: ${target}`);
  return checked.routePath;
}

describe("checkPath", () => {
  it("gives the path the router matches", () => {
    expect(routePath("/")).toBe("/");
    expect(routePath("/?index")).toBe("/");
    expect(routePath("/_.data?index")).toBe("/");
    expect(routePath("/admin/")).toBe("/admin");
    expect(routePath("/admin/_.data")).toBe("/admin");
    expect(routePath("/ADMIN/Properties/NEW.data")).toBe("/admin/properties/new");
    expect(routePath("/im%C3%B3veis")).toBe("/imóveis");
    expect(routePath("/imoveis?q=%2e%2e%2f")).toBe("/imoveis");
  });

  it.each([
    "/admin/properties/%2e%2e/%2e%2e/?index",
    "/admin/%2E%2E/",
    "/admin/%2e%2e/admin/password-recovery",
    "/admin/../",
    "/admin/./properties",
    "/admin/.",
    "//admin",
    "/admin//properties",
    "/admin%2fproperties",
    "/admin%5cproperties",
    "/admin\\properties",
    "/%00",
    "/a%0d%0aSet-Cookie:x",
    "/%zz",
    "/%C3%28",
    "/%61dmin",
    "/admin/password-recover%79",
    "/%41DMIN/perfil",
    "/im%6Fveis",
    "/sobre%2Dnos",
    "/a b",
    "/a\u00e9",
    "http://evil.example/admin",
    "*",
  ])("refuses %s with 400", (target) => {
    expect(checkPath(target)).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses an overlong path with 414", () => {
    expect(checkPath("/" + "a".repeat(3000))).toMatchObject({ ok: false, status: 414 });
    expect(checkPath("/imoveis?q=" + "a".repeat(9000))).toMatchObject({ ok: false, status: 414 });
  });
});

describe("route rules", () => {
  it("rate-limits the posts strangers can reach, not staff work", () => {
    for (const p of [
      "/",
      "/anunciar-imovel",
      "/imoveis/12",
      "/admin",
      "/admin/password-recovery",
      "/admin/password-recovery/abc",
      "/admin/recuperar-senha",
    ]) {
      expect(isPublicPost("POST", p), p).toBe(true);
    }
    for (const p of ["/admin/properties", "/admin/banners/banner-1", "/admin/equipe"])
      expect(isPublicPost("POST", p), p).toBe(false);
    expect(isPublicPost("GET", "/")).toBe(false);
  });

  it("lets exactly the upload routes send large bodies", () => {
    for (const p of [
      "/admin/properties/new",
      "/admin/properties/3/edit",
      "/admin/banners/banner-1",
      "/admin/clients/contratos/novo",
      "/admin/clients/manutencoes/documentos/novo",
      "/admin/extratos",
      "/admin/vistorias/12",
      "/admin/vistorias/12/comodos/3",
      "/client-area/cobrancas/7/comprovante",
    ]) {
      expect(isUploadPath(p), p).toBe(true);
    }
    for (const p of [
      "/admin/properties",
      "/admin/banners",
      "/admin/properties/3",
      "/admin/properties/new/x",
      "/admin/requests",
      "/admin/clients/contratos",
      "/admin/clients/manutencoes/3",
      "/admin/extratos/3",
      "/admin/vistorias/12/comparacao",
      "/admin/vistorias/nova",
      "/client-area/cobrancas/7",
      "/admin/comprovantes",
      "/anunciar-imovel",
      "/",
    ]) {
      expect(isUploadPath(p), p).toBe(false);
    }
  });

  it("takes urlencoded forms and multipart with a boundary, nothing else", () => {
    expect(formBodyKind("application/x-www-form-urlencoded")).toBe("urlencoded");
    expect(formBodyKind("application/x-www-form-urlencoded; charset=UTF-8")).toBe("urlencoded");
    expect(formBodyKind("multipart/form-data; boundary=----abc")).toBe("multipart");
    expect(formBodyKind('Multipart/Form-Data; BOUNDARY="a b"')).toBe("multipart");
    for (const t of [
      undefined,
      "",
      "multipart/form-data",
      "multipart/form-data; boundary=",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencodedx",
    ]) {
      expect(formBodyKind(t), String(t)).toBeNull();
    }
  });
});

describe("postSourceVerdict", () => {
  const APP = new URL("https://imobiliaria.example");
  // A request that reached this server as http://imobiliaria.example (a TLS
  // proxy whose X-Forwarded-Proto is not trusted) carrying the given headers.
  const from = (headers: Partial<PostSource>): PostSource => ({
    origin: undefined,
    secFetchSite: undefined,
    referer: undefined,
    protocol: "http",
    host: "imobiliaria.example",
    ...headers,
  });
  const verdict = (headers: Partial<PostSource>, app = APP) => postSourceVerdict(from(headers), app);

  it("takes APP_URL's origin and the request's own, compared by scheme, host and port", () => {
    expect(verdict({ origin: "https://imobiliaria.example" })).toBe("ok");
    expect(verdict({ origin: "https://imobiliaria.example:443" })).toBe("ok");
    expect(verdict({ origin: "http://imobiliaria.example" })).toBe("ok");
    expect(verdict({ origin: "https://imobiliaria.example:8443" })).toBe("refused");
    expect(verdict({ origin: "https://evil.example" })).toBe("refused");
    expect(verdict({ origin: "https://imobiliaria.example.evil.example" })).toBe("refused");
    expect(verdict({ origin: "null" })).toBe("refused");
    expect(verdict({ origin: "garbage" })).toBe("refused");
  });

  it("refuses an https Origin for an http APP_URL on another host (the scheme counts)", () => {
    const app = new URL("http://imobiliaria.example");
    const request = { protocol: "http", host: "10.0.0.5:3000" };
    expect(verdict({ ...request, origin: "http://imobiliaria.example" }, app)).toBe("ok");
    expect(verdict({ ...request, origin: "https://imobiliaria.example" }, app)).toBe("same-host");
  });

  it("without an Origin, goes by Sec-Fetch-Site", () => {
    expect(verdict({ secFetchSite: "same-origin" })).toBe("ok");
    expect(verdict({ secFetchSite: "none" })).toBe("ok");
    expect(verdict({ secFetchSite: "cross-site" })).toBe("refused");
    expect(verdict({ secFetchSite: "same-site" })).toBe("refused");
    // It decides even when a Referer says otherwise.
    expect(verdict({ secFetchSite: "cross-site", referer: "https://imobiliaria.example/contato" })).toBe("refused");
    // The Origin, when there is one, is what counts.
    expect(verdict({ origin: "https://evil.example", secFetchSite: "same-origin" })).toBe("refused");
  });

  it("without Origin and Sec-Fetch-Site, goes by the Referer", () => {
    expect(verdict({ referer: "https://imobiliaria.example/contato?x=1" })).toBe("ok");
    expect(verdict({ referer: "https://evil.example/form" })).toBe("refused");
    expect(verdict({ referer: "not a url" })).toBe("refused");
    expect(verdict({ referer: "https://imobiliaria.example.evil.example/" })).toBe("refused");
  });

  it("takes a post that carries none of the three (curl, a script)", () => {
    expect(verdict({})).toBe("ok");
  });
});

// The middleware chain of server.ts in front of a stub app that records what
// reached it and reads the whole body (as an action calling formData() would).
async function startApp() {
  const reached: { path: string; bytes: number }[] = [];
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(requestPipeline({ appUrl: new URL("https://imobiliaria.example"), rateLimit: true }));
  app.use(async (req, res) => {
    let bytes = 0;
    for await (const chunk of req) bytes += (chunk as Buffer).length;
    reached.push({ path: req.originalUrl, bytes });
    res.status(200).send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { reached, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe("request pipeline", () => {
  let reached: { path: string; bytes: number }[] = [];
  let base = "";
  let close: () => void;
  const captured = captureLog();
  const refusals = () => captured.events("request.refused");

  beforeAll(async () => {
    ({ reached, base, close } = await startApp());
  });
  afterAll(() => {
    close();
    captured.restore();
  });
  afterEach(() => {
    reached.length = 0;
    captured.clear();
  });

  const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
  const big = "x=" + "a".repeat(300 * 1024);

  it("refuses the encoded dot-segment bypass before any body is read", async () => {
    const res = await sendRaw(base, {
      method: "POST",
      path: "/admin/properties/%2e%2e/%2e%2e/?index",
      headers: FORM,
      body: big,
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain("Endereço inválido");
    expect(reached).toEqual([]);
    // One line in the log, no stack.
    expect(refusals()).toEqual([
      expect.objectContaining({ level: "warn", status: 400, reason: "encoded dot, slash, backslash or control" }),
    ]);
    expect(captured.text()).not.toContain("stack");
  });

  it("caps every body but the multipart uploads of the upload routes", async () => {
    expect((await sendRaw(base, { method: "POST", path: "/admin/properties", headers: FORM, body: big })).status).toBe(
      413,
    );
    expect((await sendRaw(base, { method: "POST", path: "/admin/banners", headers: FORM, body: big })).status).toBe(
      413,
    );
    expect(
      (await sendRaw(base, { method: "POST", path: "/admin/properties/new", headers: FORM, body: big })).status,
    ).toBe(413);
    expect(
      (await sendRaw(base, { method: "POST", path: "/?index", headers: FORM, body: big, chunked: true })).status,
    ).toBe(411);
    expect(reached).toEqual([]);

    const boundary = "----limite";
    const upload = multipartBody(boundary, [["name", "a".repeat(300 * 1024)]]);
    const type = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
    for (const path of ["/admin/properties/new", "/admin/properties/7/edit.data", "/admin/banners/banner-2"]) {
      expect((await sendRaw(base, { method: "POST", path, headers: type, body: upload })).status, path).toBe(200);
    }
    expect(reached.map((r) => r.bytes)).toEqual([upload.length, upload.length, upload.length]);
  });

  it("answers 405 with Allow to other methods, 204 to OPTIONS", async () => {
    for (const method of ["PUT", "DELETE", "PATCH", "TRACE", "PROPFIND", "MKCOL"]) {
      const res = await sendRaw(base, { method, path: "/admin/properties" });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST");
    }
    const options = await sendRaw(base, { method: "OPTIONS", path: "/" });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, POST");
    expect(reached).toEqual([]);
  });

  it("answers 415 to a post that is not a form", async () => {
    const cases: Record<string, string>[] = [
      { "Content-Type": "application/json" },
      { "Content-Type": "text/plain" },
      {},
      { "Content-Type": "multipart/form-data" },
    ];
    for (const headers of cases) {
      const res = await sendRaw(base, { method: "POST", path: "/?index", headers, body: "{}" });
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(res.body).toContain("formato");
    }
    expect(reached).toEqual([]);
  });

  it("refuses a cross-site post with a page that says what to do", async () => {
    const res = await sendRaw(base, {
      method: "POST",
      path: "/?index",
      headers: { ...FORM, Origin: "https://evil.example" },
      body: "a=b",
    });
    expect(res.status).toBe(403);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("https://imobiliaria.example");
    expect(res.body).toContain("Formulário recusado");
    expect(
      (await sendRaw(base, { method: "POST", path: "/?index", headers: { ...FORM, Origin: "null" }, body: "a=b" }))
        .status,
    ).toBe(403);
    // Without an Origin: Sec-Fetch-Site, else the Referer, tells.
    const hostile: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { Referer: "https://evil.example/page?email=a%40b.c" },
    ];
    for (const headers of hostile) {
      const res = await sendRaw(base, {
        method: "POST",
        path: "/?index",
        headers: { ...FORM, ...headers },
        body: "a=b",
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toContain("Formulário recusado");
    }
    expect(reached).toEqual([]);
    expect(refusals()).toHaveLength(4);
    // The log shows the Referer's origin, never the rest of its address.
    expect(refusals()[3]!.reason).toBe('cross-origin post from "Referer: https://evil.example"');
    expect(
      refusals().every((line) => line.status === 403 && String(line.reason).startsWith("cross-origin post from ")),
    ).toBe(true);
    expect(captured.text()).not.toContain("stack");
  });

  it("takes a post from APP_URL's origin even when the proxy in front is not trusted", async () => {
    // The TLS proxy's request arrives as http with Host imobiliaria.example.
    const res = await sendRaw(base, {
      method: "POST",
      path: "/?index",
      headers: { ...FORM, Host: "imobiliaria.example", Origin: "https://imobiliaria.example" },
      body: "a=b",
    });
    expect(res.status).toBe(200);
    const own = await sendRaw(base, {
      method: "POST",
      path: "/?index",
      headers: { ...FORM, Origin: base },
      body: "a=b",
    });
    expect(own.status).toBe(200);
    const sources: Record<string, string>[] = [{ "Sec-Fetch-Site": "same-origin" }, { Referer: `${base}/contato` }, {}];
    for (const headers of sources) {
      const res = await sendRaw(base, {
        method: "POST",
        path: "/?index",
        headers: { ...FORM, ...headers },
        body: "a=b",
      });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("rate-limits public posts whatever the spelling of the path", async () => {
    // Its own server: the posts above count against the same address.
    const { base, close } = await startApp();
    const paths = ["/admin/Password-Recovery", "/admin/_.data", "/ADMIN/", "/_.data?index"];
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await sendRaw(base, { method: "POST", path: paths[i % paths.length], headers: FORM, body: "email=a%40b.c" })
      ).status;
      if (i < 30) expect(last, `post ${i + 1}`).toBe(200);
    }
    expect(last).toBe(429);
    // Staff pages are not counted.
    expect(
      (await sendRaw(base, { method: "POST", path: "/admin/properties", headers: FORM, body: "a=b" })).status,
    ).toBe(200);
    close();
  });
});
