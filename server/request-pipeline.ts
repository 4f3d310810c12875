import type { NextFunction, Request, RequestHandler, Response } from "express";
import { rateLimit } from "express-rate-limit";
import { log } from "#app/utils/log.server";
import {
  ALLOWED_METHODS,
  checkPath,
  formBodyKind,
  isPublicPost,
  isUploadPath,
  postSourceVerdict,
} from "./request-rules";

// The rules every request meets before static files and React Router
// (docs/decisions/0007-request-pipeline.md), in this order:
//   1. a method the site answers (GET, HEAD, POST; OPTIONS gets 204), else 405;
//   2. a canonical path (no encoded dots or slashes, no dot segments, no "//",
//      no NUL, not overlong), else 400 or 414; the decoded route path is kept
//      in res.locals.routePath for every later rule;
//   3. for a POST: sent from this site (APP_URL or the request's own origin,
//      told by Origin, else Sec-Fetch-Site, else Referer), else 403 with a
//      page that says what to do; a form body (urlencoded, or multipart with
//      a boundary), else 415; a declared length of at most
//      256 KB, except the multipart posts of the upload routes, which stream
//      with their own limits after the admin guard (else 413, or 411);
//   4. the per-address rate limit on the posts strangers can reach.
// Each refusal is one warn line in the log (request.refused), never a stack.

export const MAX_FORM_BYTES = 256 * 1024;

export type PipelineOptions = {
  appUrl: URL;
  // express-rate-limit's per-address limit on public posts (off in the e2e and benchmark runs).
  rateLimit: boolean;
  // Server processes sharing the port (server.ts): each counts its share of
  // the limit in its own memory.
  processes?: number;
};

declare module "express-serve-static-core" {
  interface Locals {
    routePath?: string;
  }
}

const ALLOW = ALLOWED_METHODS.join(", ");

// What the log shows of a header: short, on one line, quoted.
function shown(value: string) {
  return JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
}

// One warn line, tied to the request's access line (method, path, status) by
// its id; never the target itself, whose query may hold what a visitor typed.
export function logRefusal(status: number, reason: string) {
  log.warn("request.refused", { status, reason });
}

function refuse(res: Response, status: number, reason: string, message: string) {
  logRefusal(status, reason);
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

// Which of the three headers the verdict was made on, for the log line.
function postSourceShown(req: Request) {
  if (req.headers.origin !== undefined) return req.headers.origin;
  const site = header(req, "sec-fetch-site");
  if (site !== undefined) return `Sec-Fetch-Site: ${site}`;
  // Its origin only: the rest of the address may hold what a visitor typed.
  const referer = req.headers.referer ?? "";
  return `Referer: ${URL.canParse(referer) ? new URL(referer).origin : "(not a URL)"}`;
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The page for a post from another site: says what happened and what to do.
// When the Origin names this very host with another scheme, the likely cause
// is an https proxy whose X-Forwarded-Proto is not trusted with a wrong
// APP_URL: the hint for whoever runs the site is in the log line and here.
function originRefusedPage(appUrl: URL, sameHost: boolean) {
  const site = escapeHtml(appUrl.origin);
  const hint = sameHost
    ? `<p>Se você administra este site: o endereço público em <code>APP_URL</code> (${site}) não corresponde ao endereço usado pelo navegador. Ajuste <code>APP_URL</code> e, atrás de um proxy com HTTPS, <code>TRUST_PROXY</code> (veja o README).</p>`
    : "";
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Formulário recusado</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1e293b;line-height:1.5}a{color:#0f2a44;font-weight:600}code{background:#f1f5f9;padding:0 .25rem}</style></head>
<body><h1>Formulário recusado</h1>
<p>Por segurança, os formulários deste site só são aceitos quando enviados a partir das próprias páginas do site. Nada foi gravado.</p>
<p>Abra <a href="${site}/">${site}</a>, preencha o formulário de novo e envie.</p>
${hint}</body></html>`;
}

export function requestPipeline(options: PipelineOptions): RequestHandler[] {
  const { appUrl } = options;

  const canonical: RequestHandler = (req, res, next) => {
    if (req.method === "OPTIONS") {
      res.setHeader("Allow", ALLOW);
      res.status(204).end();
      return;
    }
    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
      res.setHeader("Allow", ALLOW);
      return refuse(res, 405, "method not allowed", "Método não permitido.");
    }
    const checked = checkPath(req.originalUrl);
    if (!checked.ok) {
      return refuse(
        res,
        checked.status,
        checked.reason,
        checked.status === 414 ? "Endereço longo demais." : "Endereço inválido.",
      );
    }
    res.locals.routePath = checked.routePath;
    next();
  };

  const posts: RequestHandler = (req, res, next) => {
    if (req.method !== "POST") return next();
    const routePath = res.locals.routePath ?? "/";
    // React Router checks the Origin's host again behind this (with APP_URL's
    // host in allowedActionOrigins, server.ts); this rule is the stricter one.
    const origin = postSourceVerdict(
      {
        origin: req.headers.origin,
        secFetchSite: header(req, "sec-fetch-site"),
        referer: req.headers.referer,
        protocol: req.protocol,
        host: req.headers.host ?? "",
      },
      appUrl,
    );
    if (origin !== "ok") {
      const hint =
        origin === "same-host"
          ? ` (this server sees ${req.protocol}://${req.headers.host}, APP_URL is ${appUrl.origin}: check APP_URL and TRUST_PROXY)`
          : "";
      logRefusal(403, `cross-origin post from ${shown(postSourceShown(req))}${hint}`);
      res
        .status(403)
        .type("text/html; charset=utf-8")
        .send(originRefusedPage(appUrl, origin === "same-host"));
      return;
    }
    const kind = formBodyKind(req.headers["content-type"]);
    if (!kind) {
      return refuse(
        res,
        415,
        `content type ${shown(String(req.headers["content-type"] ?? "none"))}`,
        "Formulário em formato não aceito. Envie-o pela página do site.",
      );
    }
    if (kind === "multipart" && isUploadPath(routePath)) return next();
    const length = Number(req.headers["content-length"] ?? 0);
    if (req.headers["transfer-encoding"] && req.headers["content-length"] === undefined) {
      return refuse(res, 411, "body without a length", "Envie o formulário novamente.");
    }
    if (!(length <= MAX_FORM_BYTES))
      return refuse(res, 413, `body of ${length} bytes`, "O formulário enviado é grande demais.");
    next();
  };

  const handlers: RequestHandler[] = [canonical, posts];
  if (options.rateLimit) {
    // Public posts (forms, login, recovery): 30 per 10 minutes per address is
    // far above a person and well below a spammer.
    handlers.push(
      rateLimit({
        windowMs: 10 * 60 * 1000,
        limit: Math.ceil(30 / (options.processes ?? 1)),
        skip: (req: Request, res: Response) => !isPublicPost(req.method, res.locals.routePath ?? "/"),
        standardHeaders: "draft-8",
        legacyHeaders: false,
        handler: (_req: Request, res: Response, _next: NextFunction) => {
          refuse(res, 429, "rate limit", "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.");
        },
      }),
    );
  }
  return handlers;
}
