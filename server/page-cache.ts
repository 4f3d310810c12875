import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
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
// - after an emptying, the first request for a page renders it and the
//   others for the same page wait for that render (no stampede);
// - cached HTML is served with a CSP whose script-src lists the SHA-256 of its
//   inline scripts (the per-request nonce cannot be reused across visitors);
// - gzip and brotli bodies and an ETag are made once per entry; the headers
//   let a CDN or a browser keep the page briefly (docs/decisions/0016).

const TTL_MS = 5 * 60 * 1000;
// What a shared cache in front (a CDN) may do with an anonymous public page:
// keep it a minute, and serve it stale for ten more while it fetches a fresh
// copy. Browsers revalidate every time (max-age=0), cheaply, with the ETag.
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
// A public page rendered for a visitor with a session or a toast cookie: it
// may carry a message meant for that visitor only.
export const PERSONAL_CACHE_CONTROL = "private, no-cache";
const MAX_ENTRIES = 500;
const MAX_BODY = 2 * 1024 * 1024;

type Entry = {
  status: number;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  scriptHashes: string[] | null; // null: not HTML
  expires: number;
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
  const rendering = new Map<string, Promise<Entry | null>>();
  const versionDb = new Database(options.databasePath, { readonly: true, fileMustExist: true });
  const commitStmt = versionDb.prepare("pragma data_version").pluck(true);
  const contentStmt = versionDb.prepare("select version from public_content_version where id = 1").pluck(true);
  let commit = commitStmt.get();
  let content = contentStmt.get();

  // Cheap when nothing was committed (one pragma); otherwise one row read.
  function fresh() {
    const nowCommit = commitStmt.get();
    if (nowCommit === commit) return;
    commit = nowCommit;
    const nowContent = contentStmt.get();
    if (nowContent !== content) {
      content = nowContent;
      entries.clear();
    }
  }

  // `source`: from the cache, this request's own render, or another request's
  // render it waited for.
  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, source: "hit" | "miss" | "shared") {
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Page-Cache", source);
    if (entry.scriptHashes) res.setHeader("Content-Security-Policy", options.csp(`'self' ${entry.scriptHashes.join(" ")}`));
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

  // Renders the page. A cacheable answer becomes an entry (kept unless the
  // public content changed meanwhile); any other is sent as it is, and null
  // tells the requests waiting on this render to make their own.
  async function render(req: ExpressRequest, res: ExpressResponse, key: string): Promise<Entry | null> {
    const contentBefore = content;
    const response = await handler(appRequest(req));
    const contentType = response.headers.get("Content-Type") ?? "";
    const body = Buffer.from(await response.arrayBuffer());
    const cacheable =
      response.status === 200 &&
      !response.headers.has("Set-Cookie") &&
      body.length <= MAX_BODY &&
      (contentType.startsWith("text/html") || contentType.startsWith("text/x-script"));
    if (!cacheable) {
      res.status(response.status);
      response.headers.forEach((value, name) => {
        if (name.toLowerCase() !== "set-cookie" && name.toLowerCase() !== "content-length") res.setHeader(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) res.setHeader("Set-Cookie", cookies);
      res.end(req.method === "HEAD" ? undefined : body);
      return null;
    }
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
    };
    // A write to the public content while we rendered: serve this answer,
    // but do not keep it.
    fresh();
    if (content === contentBefore) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    }
    send(req, res, entry, "miss");
    return entry;
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
      if (cached && cached.expires > Date.now()) return send(req, res, cached, "hit");

      const underway = rendering.get(key);
      if (underway) {
        const entry = await underway;
        if (entry) return send(req, res, entry, "shared");
        await turn(() => render(req, res, key));
        return;
      }
      // Registered before the gate: requests for the same page that arrive
      // while this one waits its turn wait for it too.
      const mine = turn(() => render(req, res, key));
      rendering.set(key, mine);
      try {
        await mine;
      } finally {
        rendering.delete(key);
      }
    } catch (error) {
      if (!res.headersSent) next(error);
      else res.destroy(error as Error);
    }
  };
}
