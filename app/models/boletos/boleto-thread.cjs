"use strict";

// The entry of the boleto worker thread (piscina loads this file; see
// read-boleto.server.ts). Plain CommonJS on purpose: the heavy libraries are
// imported by Node itself before tsx is registered for the TypeScript of
// boleto-worker.server.ts. Through tsx, pdf.js alone costs ~200 MB more per
// thread (tsx rewrites its 2 MB bundle and Node keeps the source map); once a
// library is in the module cache, the TypeScript's imports of it reuse it.

let handler = null;

async function load() {
  // pdf.js runs its parser in this thread; giving it the worker module here
  // spares it a dynamic import of its own (which would go through tsx).
  globalThis.pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  await Promise.all([import("pdfjs-dist/legacy/build/pdf.mjs"), import("tesseract.js"), import("zxing-wasm/reader"), import("@napi-rs/canvas")]);
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
