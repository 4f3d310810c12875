import cluster from "node:cluster";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { Cron } from "croner";
import { openDatabase } from "./app/db/db.server";
import {
  CHARGING_TASK,
  EMAILS_TASK,
  runHousekeeping,
  type HousekeepingListName,
} from "./app/models/ops/housekeeping.server";
import { runHousekeepingInThread, stopHousekeepingThread } from "./app/models/ops/housekeeping-pool.server";
import { migrateToLatest } from "./app/db/migrate.server";
import { databasePath, getEnv, uploadsDir } from "./app/utils/env.server";
import { log } from "./app/utils/log.server";
import { CLIENT_IP_HEADER, NONCE_HEADER } from "./app/utils/request-headers";
import { accessLog } from "./server/access-log";
import { withFailureAnswers } from "./server/failure-answer";
import { createPageCache } from "./server/page-cache";
import { renderGate } from "./server/render-gate";
import { requestPipeline } from "./server/request-pipeline";
import { discardUnreadBody } from "./server/unread-body";
import { servedUrl } from "./server/served-url";

// The production and development server: the request id and access log,
// security headers, the request rules (method, canonical path, origin, form
// body, size, rate limit), compression, static files, then React Router. In
// production it runs built (`npm run build` bundles this file into
// build/runtime/server.js, run by `node`) and, on a host with several cores, as one
// primary process that migrates the database, runs the hourly housekeeping
// and keeps WEB_CONCURRENCY workers answering on the same port
// (docs/decisions/0016-rendering-speed.md).
const env = getEnv();
const PRODUCTION = env.NODE_ENV === "production";
// Page renders in progress at once per process (server/render-gate.ts).
const RENDER_CONCURRENCY = 4;
// Development is one process (Vite's dev server).
// By default one per core, at most 4: Node counts the host's cores, not a
// container's CPU quota, and each process takes ~150 MB.
const WORKERS = PRODUCTION ? (env.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), 4)) : 1;

// Migrations run before the first request (a short-lived connection; the app
// opens its own Kysely instance lazily). Then the charging job runs once
// (app/models/billing/jobs.server.ts) rather than at the next hour: billings
// that fell due while the server was down are stored as overdue, the months
// whose issue day came are created, and their notices go (each once only,
// whatever the number of restarts).
if (cluster.isPrimary) {
  const db = openDatabase(databasePath());
  await migrateToLatest(db);
  await runHousekeeping(db, [CHARGING_TASK, EMAILS_TASK]);
  await db.destroy();
}

// Housekeeping every hour (app/models/ops/housekeeping.server.ts, the list
// `npm run jobs:run` runs too), once a night (the sweep of orphan files) and
// the email outbox's sender every minute (its retries are due minutes apart,
// docs/decisions/0051-email-outbox.md; a few rows read when nothing is due).
// In the primary process only, so it runs once whatever the number of
// workers; in a worker thread with its own connection
// (app/models/ops/housekeeping-pool.server.ts), so that a single process
// keeps answering meanwhile (docs/decisions/0058-scale-data-set.md, "The
// hourly job at scale"). One run at a time: the thread takes them in turn.
function startHousekeeping() {
  let stopping = false;
  const run = (list: HousekeepingListName) => async () => {
    try {
      await runHousekeepingInThread(list);
    } catch (error) {
      // The thread itself failed (it logs each task's failure): it died, or
      // the run passed its time limit. A run cut off by SIGTERM is no failure.
      if (!stopping) log.error("housekeeping.failed", { task: list, error });
    }
  };
  const zone = { timezone: "America/Campo_Grande" };
  const hourly = new Cron("17 * * * *", { protect: true, ...zone }, run("hourly"));
  const nightly = new Cron("47 3 * * *", { protect: true, ...zone }, run("daily"));
  const emails = new Cron("* * * * *", { protect: true }, run("emails"));
  return {
    // Resolves once the run in progress has ended (or was cut off).
    stop() {
      stopping = true;
      hourly.stop();
      nightly.stop();
      emails.stop();
      return stopHousekeepingThread();
    },
  };
}

function address() {
  return servedUrl(env);
}

if (cluster.isPrimary && WORKERS > 1) {
  // Workers run the built server file itself (not whatever script imported
  // it, such as the e2e or demo launcher, which would seed again).
  // Built JavaScript needs no loader: the workers do not inherit the
  // launcher's flags (tsx's hooks under `tsx scripts/e2e-server.ts`).
  const exec = fileURLToPath(import.meta.url);
  cluster.setupPrimary({ exec, execArgv: exec.endsWith(".js") ? [] : process.execArgv });
  const housekeeping = startHousekeeping();
  let stopping = false;
  for (let i = 0; i < WORKERS; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    // A worker that dies (out of memory, a native crash) is replaced; the
    // others keep answering meanwhile.
    log.error("worker.exited", { pid: worker.process.pid, signal, code });
    cluster.fork();
  });
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === WORKERS)
      log.info("server.listening", { url: address(), mode: env.NODE_ENV, processes: WORKERS });
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      stopping = true;
      const stopped = housekeeping.stop();
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      const done = () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) void stopped.finally(() => process.exit(0));
      };
      cluster.on("exit", done);
      done();
      setTimeout(() => process.exit(0), 6000).unref();
    });
  }
} else {
  await startServer();
}

async function startServer() {
  const app = express();
  app.disable("x-powered-by");
  // req.ip (and req.protocol) are the visitor's only when the proxy in front is
  // trusted (TRUST_PROXY). Form posts do not depend on it: APP_URL's host is an
  // allowed Origin whatever the proxy says (server/request-pipeline.ts).
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

  // First: every request, whatever answers it, gets its id and its access line
  // (server/access-log.ts).
  app.use(accessLog());

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
    if (env.appUrl.protocol === "https:")
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  // Before anything reads the path or the body: every later rule (body size,
  // rate limit, page cache) judges the route path this computes, the path React
  // Router will route (docs/decisions/0007-request-pipeline.md).
  app.use(requestPipeline({ appUrl: env.appUrl, rateLimit: env.RATE_LIMIT_DISABLED !== "1", processes: WORKERS }));
  app.use(discardUnreadBody);

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
  app.use(
    "/uploads",
    express.static(path.join(uploadsDir(), "public"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: true,
    }),
  );

  if (PRODUCTION) {
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    // The files at the root (favicon, images of the link previews): only
    // paths with an extension are looked up on disk, so a page request does
    // not wait for a file-system lookup on libuv's threads first.
    const rootFiles = express.static("build/client", { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? rootFiles(req, res, next) : next()));
    // APP_URL's host is an allowed action origin at run time: an https site
    // behind a proxy whose X-Forwarded-Proto is not trusted sees its requests
    // as http, and React Router would refuse its own forms. A locked database
    // answers 503 from any route (server/failure-answer.ts).
    const build = withFailureAnswers({
      ...(await import(path.resolve("build/server/index.js"))),
      allowedActionOrigins: [env.appUrl.host],
    });
    // Cached pages are served at once; renders, the cache's and the others,
    // take turns through one gate.
    const gate = renderGate(RENDER_CONCURRENCY);
    app.use(
      createPageCache({
        build,
        databasePath: databasePath(),
        origin: env.appUrl.origin,
        csp: contentSecurityPolicy,
        gate,
      }),
    );
    app.use(gate.middleware);
    app.use(createRequestHandler({ build, mode: "production" }));
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    app.use(async (req, res, next) => {
      try {
        const build = withFailureAnswers({
          ...(await devServer.ssrLoadModule("virtual:react-router/server-build")),
          allowedActionOrigins: [env.appUrl.host],
        } as ServerBuild);
        return createRequestHandler({ build, mode: "development" })(req, res, next);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  }

  // A single process keeps its own housekeeping; workers leave it to the primary.
  const housekeeping = cluster.isPrimary ? startHousekeeping() : null;

  const server = app.listen(env.PORT, env.HOST, () => {
    if (cluster.isPrimary) log.info("server.listening", { url: address(), mode: env.NODE_ENV, processes: 1 });
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      const stopped = housekeeping?.stop();
      server.close(() => void Promise.resolve(stopped).finally(() => process.exit(0)));
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
}
