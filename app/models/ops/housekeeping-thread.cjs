"use strict";

// The entry of the housekeeping worker thread (piscina loads this file; see
// housekeeping-pool.server.ts). In production `npm run build` has bundled the
// worker into plain JavaScript (build/runtime/housekeeping-worker.js), which
// Node loads as it is; elsewhere (Vitest, tsx scripts, the dev server) tsx is
// registered for the TypeScript of housekeeping-worker.server.ts.

let handler = null;

async function load() {
  const { existsSync } = await import("node:fs");
  const { resolve } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const built = resolve(process.cwd(), "build/runtime/housekeeping-worker.js");
  if (process.env.NODE_ENV === "production" && existsSync(built))
    return (await import(pathToFileURL(built).href)).default;
  const { register } = await import("tsx/esm/api");
  register();
  const worker = await import("./housekeeping-worker.server.ts");
  return worker.default;
}

module.exports = async function housekeepingInThread(task) {
  if (!handler) {
    handler = load();
    // A failed start is retried by the next run rather than kept.
    handler.catch(() => {
      handler = null;
    });
  }
  return (await handler)(task);
};
