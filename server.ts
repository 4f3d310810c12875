import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { Cron } from "croner";
import { rateLimit } from "express-rate-limit";
import { openDatabase } from "./app/db/db.server";
import { cleanupAccounts } from "./app/models/accounts/cleanup.server";
import { migrateToLatest } from "./app/db/migrate.server";
import { databasePath, getEnv, uploadsDir } from "./app/utils/env.server";
import { CLIENT_IP_HEADER, NONCE_HEADER } from "./app/utils/request-headers";
import { createPageCache } from "./server/page-cache";
import { isPublicPost, isUploadPath } from "./server/request-rules";

// The production and development server: security headers, compression,
// static files, a rate limit on form posts, then React Router.
const env = getEnv();
const PRODUCTION = env.NODE_ENV === "production";

// Migrations run before the first request (a short-lived connection; the app
// opens its own Kysely instance lazily).
{
  const db = openDatabase(databasePath());
  await migrateToLatest(db);
  await db.destroy();
}

const app = express();
app.disable("x-powered-by");
// req.ip is the visitor's only when the proxy in front is trusted (TRUST_PROXY).
app.set("trust proxy", /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY);

// Enforced CSP: scripts only from us, with this request's nonce (or, for a
// cached page, the hashes of its inline scripts); the map iframe is the one
// third party (Google Maps embed).
function contentSecurityPolicy(scriptSrc: string) {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'" + (PRODUCTION ? "" : " ws: wss:"),
    "frame-src https://maps.google.com https://www.google.com",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

app.use((req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  req.headers[NONCE_HEADER] = nonce;
  // The visitor's address for login throttling; always overwritten here.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? "unknown";
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(`'self' 'nonce-${nonce}'`));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (env.appUrl.protocol === "https:") res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
});

// compression forwards res.on("drain") to its zlib stream but not
// removeListener, so every res.once("drain") that React Router awaits under
// backpressure stays on the stream (MaxListenersExceededWarning). This once()
// removes itself from whichever emitter fired it.
app.use((_req, res, next) => {
  const once = res.once;
  res.once = function (this: typeof res, event: string | symbol, listener: (...args: unknown[]) => void) {
    if (event !== "drain") return once.call(this, event, listener);
    const wrapped = function (this: NodeJS.EventEmitter, ...args: unknown[]) {
      this.removeListener("drain", wrapped);
      listener.apply(this, args);
    };
    return this.on("drain", wrapped);
  } as typeof res.once;
  next();
});
app.use(compression());

// Listing and banner photos: file names are unique per upload, so they never
// change and may be cached for a year.
app.use("/uploads", express.static(path.join(uploadsDir(), "public"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));

// Request bodies: forms are small; only the two multipart upload pages of the
// back office (which stream with their own per-file limits, after the guard)
// may send more. A body without a declared length is refused on the others.
const MAX_FORM_BYTES = 256 * 1024;
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || isUploadPath(req.path)) return next();
  const length = Number(req.headers["content-length"] ?? NaN);
  if (!Number.isFinite(length) && req.headers["transfer-encoding"]) {
    res.status(411).type("text/plain; charset=utf-8").send("Envie o formulário novamente.");
    return;
  }
  if (length > MAX_FORM_BYTES) {
    res.status(413).type("text/plain; charset=utf-8").send("O formulário enviado é grande demais.");
    return;
  }
  next();
});

// Public posts (forms, login, recovery): 30 per 10 minutes per address is far
// above a person and well below a spammer.
if (env.RATE_LIMIT_DISABLED !== "1") {
  app.use(
    rateLimit({
      windowMs: 10 * 60 * 1000,
      limit: 30,
      skip: (req) => !isPublicPost(req.method, req.path),
      standardHeaders: "draft-8",
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).type("text/plain; charset=utf-8").send("Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.");
      },
    }),
  );
}

if (PRODUCTION) {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
  const build = await import(path.resolve("build/server/index.js"));
  app.use(createPageCache({ build, databasePath: databasePath(), origin: env.appUrl.origin, csp: contentSecurityPolicy }));
  app.use(createRequestHandler({ build, mode: "production" }));
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(devServer.middlewares);
  app.use(async (req, res, next) => {
    try {
      const build = await devServer.ssrLoadModule("virtual:react-router/server-build");
      return createRequestHandler({ build: build as never, mode: "development" })(req, res, next);
    } catch (error) {
      if (error instanceof Error) devServer.ssrFixStacktrace(error);
      next(error);
    }
  });
}

// Housekeeping every hour, on its own short-lived connection (the app's
// Kysely instance lives inside the React Router build).
const housekeeping = new Cron("17 * * * *", { protect: true, timezone: "America/Campo_Grande" }, async () => {
  const db = openDatabase(databasePath());
  try {
    await cleanupAccounts(db);
  } catch (error) {
    console.error("housekeeping failed", error);
  } finally {
    await db.destroy();
  }
});

const server = app.listen(env.PORT, env.HOST, () => {
  console.log(`Servidor em http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT} (${env.NODE_ENV})`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    housekeeping.stop();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
