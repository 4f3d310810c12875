import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { log } from "#app/utils/log.server";
import { NONCE_HEADER } from "#app/utils/request-headers";
import type { RenderGate } from "./render-gate";
import { isPrivatePath } from "./request-rules";

// A cache of public pages for anonymous visitors, so the site answers slow
// phones and crawlers at close to static-file speed instead of rendering React
// for each request (docs/decisions/0005-page-cache.md).
//
// Rules:
// - only GET/HEAD without a session or toast cookie, outside /admin, /client*
//   and /healthz (by route path); only 200 answers without Set-Cookie;
// - a write to what the public pages show empties the cache, and nothing
//   else does: SQLite's `data_version` says another connection committed,
//   then the count that triggers keep for the public tables (migration 0008)
//   says whether that commit touched them; entries also expire;
// - after such a write the pages kept are stale: each is rendered again once,
//   and its visitors wait for that render up to STALE_WAIT_MS, then get the
//   previous copy (a save in the back office used to make every visitor of
//   every page wait for that page's render, behind all the others); a page
//   never cached is rendered by its first request, the others wait for it;
// - cached HTML is served with a CSP whose script-src lists the SHA-256 of its
//   inline scripts (the per-request nonce cannot be reused across visitors);
// - gzip and brotli bodies and an ETag are made once per entry; the headers
//   let a CDN or a browser keep the page briefly (docs/decisions/0016).

const TTL_MS = 5 * 60 * 1000;
// After a change, how long a visitor of a stale page waits for its new render
// before getting the previous copy: alone on the server the new copy is
// ready well within it; under load nobody waits behind a burst of renders.
const STALE_WAIT_MS = 100;
// What a shared cache in front (a CDN) may do with an anonymous public page:
// keep it a minute, and serve it stale for ten more while it fetches a fresh
// copy. Browsers revalidate every time (max-age=0), cheaply, with the ETag.
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
// A public page rendered for a visitor with a session or a toast cookie: it
// may carry a message meant for that visitor only.
export const PERSONAL_CACHE_CONTROL = "private, no-cache";
const MAX_ENTRIES = 500;
const MAX_BODY = 2 * 1024 * 1024;

type Rendered = { entry: Entry } | { response: Response; body: Buffer };

type Entry = {
  status: number;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  scriptHashes: string[] | null; // null: not HTML
  expires: number;
  // The public content's count when it was rendered: an older one is stale.
  content: unknown;
};

// Judged on the route path (server/request-rules.ts), which the request
// pipeline has computed before this runs.
function excluded(routePath: string | undefined) {
  return routePath === undefined || isPrivatePath(routePath) || routePath === "/healthz";
}

function cookieBlocks(cookie: string | undefined) {
  return !!cookie && /(?:^|;\s*)(__session|toast)=/.test(cookie);
}

// Only the scripts that carry this render's nonce were written by us (React
// Router's); anything else inline would have been blocked by the nonce CSP and
// must stay blocked on the cached copy.
function inlineScriptHashes(html: string, nonce: string) {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1];
    if (/\bsrc=/.test(attrs) || !attrs.includes(`nonce="${nonce}"`)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return hashes;
}

export function createPageCache(options: {
  build: ServerBuild;
  databasePath: string;
  origin: string;
  csp: (scriptSrc: string) => string;
  // Where renders wait their turn (server/render-gate.ts).
  gate?: RenderGate;
}) {
  const turn = options.gate?.run ?? (<T>(work: () => Promise<T>) => work());
  const handler = createRequestHandler(options.build, "production");
  const entries = new Map<string, Entry>();
  // Renders under way, by key: later requests for the same page wait for it.
  const rendering = new Map<string, Promise<Rendered>>();
  const versionDb = new Database(options.databasePath, { readonly: true, fileMustExist: true });
  const commitStmt = versionDb.prepare("pragma data_version").pluck(true);
  const contentStmt = versionDb.prepare("select version from public_content_version where id = 1").pluck(true);
  let commit = commitStmt.get();
  let content = contentStmt.get();

  // Cheap when nothing was committed (one pragma); otherwise one row read.
  // Entries of an older count become stale (see pageCache below).
  function fresh() {
    const nowCommit = commitStmt.get();
    if (nowCommit === commit) return;
    commit = nowCommit;
    content = contentStmt.get();
  }

  // `source`: from the cache, this request's own render, or another request's
  // render it waited for.
  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, source: "hit" | "miss" | "shared" | "stale") {
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Page-Cache", source);
    if (entry.scriptHashes)
      res.setHeader("Content-Security-Policy", options.csp(["'self'", ...entry.scriptHashes].join(" ")));
    if (req.headers["if-none-match"] === entry.etag) return res.status(304).end();
    const accept = String(req.headers["accept-encoding"] ?? "");
    let body = entry.body;
    if (/\bbr\b/.test(accept)) {
      body = entry.br;
      res.setHeader("Content-Encoding", "br");
    } else if (/\bgzip\b/.test(accept)) {
      body = entry.gzip;
      res.setHeader("Content-Encoding", "gzip");
    }
    res.status(entry.status);
    res.setHeader("Content-Type", entry.contentType);
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  // The public origin (APP_URL), never the Host header a client sends.
  function appRequest(req: ExpressRequest) {
    const url = new URL(req.originalUrl.replace(/^\/+/, "/"), options.origin);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    headers.delete("accept-encoding");
    headers.delete("if-none-match");
    return new Request(url, { method: "GET", headers });
  }

  // Renders the page; a cacheable answer becomes an entry, kept unless the
  // public content changed while it rendered.
  async function render(req: ExpressRequest, key: string): Promise<Rendered> {
    const contentBefore = content;
    const response = await handler(appRequest(req));
    const contentType = response.headers.get("Content-Type") ?? "";
    const body = Buffer.from(await response.arrayBuffer());
    const cacheable =
      response.status === 200 &&
      !response.headers.has("Set-Cookie") &&
      body.length <= MAX_BODY &&
      (contentType.startsWith("text/html") || contentType.startsWith("text/x-script"));
    if (!cacheable) return { response, body };
    const html = contentType.startsWith("text/html");
    const entry: Entry = {
      status: 200,
      contentType,
      body,
      gzip: gzipSync(body, { level: 6 }),
      br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      scriptHashes: html ? inlineScriptHashes(body.toString("utf8"), String(req.headers[NONCE_HEADER] ?? "")) : null,
      expires: Date.now() + TTL_MS,
      content: contentBefore,
    };
    fresh();
    if (content === contentBefore) {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    }
    return { entry };
  }

  // An answer that is not cacheable (a 404, a redirect) goes out as it is.
  function sendAsIs(
    req: ExpressRequest,
    res: ExpressResponse,
    { response, body }: { response: Response; body: Buffer },
  ) {
    res.status(response.status);
    response.headers.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie" && name.toLowerCase() !== "content-length") res.setHeader(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader("Set-Cookie", cookies);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  // One render per page at a time, in its turn (server/render-gate.ts).
  function renderOnce(req: ExpressRequest, key: string) {
    const underway = rendering.get(key);
    if (underway) return underway;
    const mine = turn(() => render(req, key));
    rendering.set(key, mine);
    const forget = () => rendering.delete(key);
    mine.then(forget, forget);
    return mine;
  }

  return async function pageCache(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (excluded(res.locals.routePath)) return next();
    if (cookieBlocks(req.headers.cookie)) {
      // React Router's answer keeps this unless it sets its own.
      res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      return next();
    }
    try {
      fresh();
      const key = req.originalUrl;
      const cached = entries.get(key);
      if (cached && cached.expires > Date.now()) {
        if (cached.content === content) return send(req, res, cached, "hit");
        // Stale: one render replaces it (or drops it, if the page is no
        // longer cacheable); the new copy if it is ready soon, else this one.
        const refresh = renderOnce(req, key).then(
          (rendered) => {
            if ("entry" in rendered) return rendered.entry;
            if (entries.get(key) === cached) entries.delete(key);
            return null;
          },
          (error) => {
            log.error("page_cache.refresh_failed", { error });
            return null;
          },
        );
        const fresher = await Promise.race([
          refresh,
          new Promise<null>((resolve) => setTimeout(resolve, STALE_WAIT_MS, null)),
        ]);
        return fresher ? send(req, res, fresher, "shared") : send(req, res, cached, "stale");
      }
      const mine = !rendering.has(key);
      const rendered = await renderOnce(req, key);
      if ("entry" in rendered) return send(req, res, rendered.entry, mine ? "miss" : "shared");
      if (mine) return sendAsIs(req, res, rendered);
      // Another request's answer that cannot be shared (a cookie, an error):
      // this one renders its own.
      const own = await turn(() => render(req, key));
      if ("entry" in own) send(req, res, own.entry, "miss");
      else sendAsIs(req, res, own);
    } catch (error) {
      if (!res.headersSent) next(error);
      else res.destroy(error as Error);
    }
  };
}
