"use strict";

// The entry of the boleto worker thread (piscina loads this file; see
// read-boleto.server.ts). Plain CommonJS on purpose: the heavy libraries are
// imported by Node itself before tsx is registered for the TypeScript of
// boleto-worker.server.ts. Through tsx, pdf.js alone costs ~200 MB more per
// thread (tsx rewrites its 2 MB bundle and Node keeps the source map); once a
// library is in the module cache, the TypeScript's imports of it reuse it.
// In production `npm run build` has bundled the worker into plain JavaScript
// (build/runtime/boleto-worker.js), which Node loads without tsx.

let handler = null;

async function load() {
  // pdf.js runs its parser in this thread; giving it the worker module here
  // spares it a dynamic import of its own (which would go through tsx).
  globalThis.pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  await Promise.all([
    import("pdfjs-dist/legacy/build/pdf.mjs"),
    import("tesseract.js"),
    import("zxing-wasm/reader"),
    import("@napi-rs/canvas"),
  ]);
  const { existsSync } = await import("node:fs");
  const { resolve } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const built = resolve(process.cwd(), "build/runtime/boleto-worker.js");
  if (process.env.NODE_ENV === "production" && existsSync(built))
    return (await import(pathToFileURL(built).href)).default;
  const { register } = await import("tsx/esm/api");
  register();
  const worker = await import("./boleto-worker.server.ts");
  return worker.default;
}

module.exports = async function readBoletoInThread(task) {
  if (!handler) {
    handler = load();
    // A failed start is retried by the next task rather than kept.
    handler.catch(() => {
      handler = null;
    });
  }
  return (await handler)(task);
};
