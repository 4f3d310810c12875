import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { NONCE_HEADER } from "#app/utils/request-headers";
import { isPrivatePath } from "./request-rules";

// A cache of public pages for anonymous visitors, so the site answers slow
// phones and crawlers at close to static-file speed instead of rendering React
// for each request (docs/decisions/0005-page-cache.md).
//
// Rules:
// - only GET/HEAD without a session or toast cookie, outside /admin, /client*
//   and /healthz (by route path); only 200 answers without Set-Cookie;
// - any write to the database empties the cache: SQLite's `data_version`
//   changes when another connection (the app's) commits; entries also expire;
// - cached HTML is served with a CSP whose script-src lists the SHA-256 of its
//   inline scripts (the per-request nonce cannot be reused across visitors);
// - gzip and brotli bodies are made once per entry.

const TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 500;
const MAX_BODY = 2 * 1024 * 1024;

type Entry = {
  status: number;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
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

export function createPageCache(options: { build: ServerBuild; databasePath: string; origin: string; csp: (scriptSrc: string) => string }) {
  const handler = createRequestHandler(options.build, "production");
  const entries = new Map<string, Entry>();
  const versionDb = new Database(options.databasePath, { readonly: true, fileMustExist: true });
  const versionStmt = versionDb.prepare("pragma data_version");
  versionStmt.pluck(true);
  let version = versionStmt.get();

  function fresh() {
    const now = versionStmt.get();
    if (now !== version) {
      version = now;
      entries.clear();
    }
  }

  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, hit: boolean) {
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
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
    if (entry.scriptHashes) res.setHeader("Content-Security-Policy", options.csp(`'self' ${entry.scriptHashes.join(" ")}`));
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  return async function pageCache(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if ((req.method !== "GET" && req.method !== "HEAD") || excluded(res.locals.routePath) || cookieBlocks(req.headers.cookie)) return next();
    try {
      fresh();
      const key = req.originalUrl;
      const cached = entries.get(key);
      if (cached && cached.expires > Date.now()) return send(req, res, cached, true);

      // The public origin (APP_URL), never the Host header a client sends.
      const url = new URL(req.originalUrl.replace(/^\/+/, "/"), options.origin);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(", "));
      }
      headers.delete("accept-encoding");
      const versionBefore = version;
      const response = await handler(new Request(url, { method: "GET", headers }));
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
        return res.end(req.method === "HEAD" ? undefined : body);
      }
      const html = contentType.startsWith("text/html");
      const entry: Entry = {
        status: 200,
        contentType,
        body,
        gzip: gzipSync(body, { level: 6 }),
        br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
        scriptHashes: html ? inlineScriptHashes(body.toString("utf8"), String(req.headers[NONCE_HEADER] ?? "")) : null,
        expires: Date.now() + TTL_MS,
      };
      // A write while we rendered: serve this answer, but do not keep it.
      fresh();
      if (version === versionBefore) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, entry);
      }
      return send(req, res, entry, false);
    } catch (error) {
      next(error);
    }
  };
}
