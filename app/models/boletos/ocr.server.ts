import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, type Worker } from "tesseract.js";

// OCR in Portuguese with tesseract.js. The model is the npm package
// @tesseract.js-data/por (4.0.0_best_int, LSTM only) read from disk: without
// `langPath` tesseract.js downloads it from a CDN, and offline that failure is
// thrown inside its message handler, out of reach of any try/catch (it ends
// the thread). `cacheMethod: "none"` keeps it from writing a copy into the
// working folder; the `errorHandler` keeps a failed job from being thrown
// there too (the job's promise still rejects).
//
// One tesseract worker per boleto thread, created on first use and reused:
// loading the model takes ~0.4 s and the worker recognises one image at a time.

let worker: Promise<Worker> | null = null;

function modelDir(): string {
  const resolve = createRequire(path.join(process.cwd(), "package.json")).resolve;
  return path.join(path.dirname(resolve("@tesseract.js-data/por/package.json")), "4.0.0_best_int");
}

async function start(): Promise<Worker> {
  const w = await createWorker("por", OEM.LSTM_ONLY, {
    langPath: modelDir(),
    gzip: true,
    cacheMethod: "none",
    errorHandler: () => {},
  });
  return w;
}

function getWorker(): Promise<Worker> {
  if (!worker) {
    worker = start();
    // A worker that failed to start is forgotten, so the next boleto retries.
    worker.catch(() => (worker = null));
  }
  return worker;
}

// The text of an encoded image (PNG or JPEG bytes).
export async function recognizeText(image: Uint8Array): Promise<string> {
  const w = await getWorker();
  const result = await w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: true });
  return result.data.text ?? "";
}

export async function warmUpOcr(): Promise<void> {
  await getWorker();
}
