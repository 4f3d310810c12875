import path from "node:path";
import { Piscina } from "piscina";
import sharp from "sharp";
import { log } from "#app/utils/log.server";
import { localToday } from "#app/models/shared/days";
import { detectFileType } from "#app/utils/uploads.server";
import type { BoletoTask, BoletoTaskResult } from "./boleto-worker.server";
import type { BoletoReading } from "./boleto-reading";
import { imageSize } from "./image-size";
import { MAX_BOLETO_BYTES } from "./boleto.schema";

export type { BoletoReading } from "./boleto-reading";

// Reads a boleto (PDF, JPEG or PNG) on the server, offline: the text layer of
// a PDF, else the ITF barcode and OCR of the page's picture; a digitable line
// or barcode whose check digits hold gives the exact due date and amount,
// otherwise the spec's text rules (docs/decisions/0014-boleto-reading.md).
//
// The work runs in one piscina worker thread at lowered priority, so the
// server keeps answering while a boleto is read; concurrent reads wait their
// turn in its queue.

// Messages safe to show to a user (Portuguese, like the rest of the UI).
export const BOLETO_READ_MESSAGES = {
  unreadable: "Não foi possível analisar o boleto. Verifique se o arquivo está legível.",
  "unsupported-type": "Tipo de arquivo não suportado. Envie o boleto em PDF, JPG ou PNG.",
  empty: "O arquivo está vazio.",
  "too-large": "O arquivo é grande demais para ser analisado (máximo de 10 MB).",
  "image-too-large": "A imagem é grande demais para ser analisada. Envie uma imagem de menor resolução.",
  busy: "Há muitos boletos em análise no momento. Tente novamente em instantes.",
  timeout: "A análise do boleto demorou demais. Tente novamente ou envie um arquivo mais legível.",
} as const;

export type BoletoReadFailure = keyof typeof BOLETO_READ_MESSAGES;

// `reason` says why; `message` is the Portuguese text to show. Built from a
// reason, or (like a plain Error) from a message, which counts as "unreadable".
export class BoletoReadError extends Error {
  readonly reason: BoletoReadFailure;

  constructor(reasonOrMessage: BoletoReadFailure | (string & {}) = "unreadable", options?: ErrorOptions) {
    const reason = Object.hasOwn(BOLETO_READ_MESSAGES, reasonOrMessage) ? (reasonOrMessage as BoletoReadFailure) : null;
    super(reason ? BOLETO_READ_MESSAGES[reason] : reasonOrMessage, options);
    this.name = "BoletoReadError";
    this.reason = reason ?? "unreadable";
  }
}

// How long one read may take. A file that makes pdf.js or tesseract spin is
// cut off (its thread is ended). Reads already waiting or running count too:
// the allowance grows with the queue, so a busy or shared machine slows the
// reads down without failing the ones at the back.
const READ_TIMEOUT_MS = 90_000;
// More waiting reads than this are refused instead of piling up memory.
const MAX_QUEUE = 16;
// An idle thread (with its OCR model, ~150 MB) is let go after this long.
const IDLE_MS = 10 * 60_000;

const KINDS = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpeg" } as const;

// Larger images are refused before decoding (a 600 dpi A4 scan is 35 MP).
const MAX_IMAGE_PIXELS = 40_000_000;
// OCR needs no more than ~300 dpi of an A4 page: bigger images are scaled down.
const MAX_OCR_PIXELS = 9_000_000;

// The worker runs from the source files, whatever bundle imports this module
// (the Vite server build, Vitest, a tsx script): a path relative to this file
// would point inside build/server/ once bundled, so it is taken from the
// project root (the working directory of every way the app runs, the
// Dockerfile's too). boleto-thread.cjs loads the TypeScript through tsx.
const WORKER_FILE = path.resolve(process.cwd(), "app/models/boletos/boleto-thread.cjs");

let pool: Piscina<BoletoTask, BoletoTaskResult> | null = null;
// Reads handed to the pool and not finished yet (running or queued).
let inFlight = 0;

function getPool(): Piscina<BoletoTask, BoletoTaskResult> {
  pool ??= new Piscina<BoletoTask, BoletoTaskResult>({
    filename: WORKER_FILE,
    // Not the parent's flags: under `tsx server.ts` they would load tsx's
    // hooks before boleto-thread.cjs could load pdf.js natively.
    execArgv: [],
    // One thread. It and tesseract's thread take turns (one renders or
    // decodes while the other waits, then OCR), so a read keeps about one of
    // the 2 cores busy and the server has the other; a second thread would
    // take that core too and add ~300 MB. Reads beyond one wait in the queue.
    minThreads: 0,
    maxThreads: 1,
    maxQueue: MAX_QUEUE,
    idleTimeout: IDLE_MS,
    // Lower priority (inherited by tesseract's thread): under contention the
    // server's thread wins. Only a little: at +10, on a machine loaded by
    // other work, eight reads took over 90 s instead of ~20.
    niceIncrement: 5,
    // A PDF built to exhaust pdf.js's heap ends this thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  return pool;
}

export type ReadBoletoOptions = {
  // The agency's "today" ("YYYY-MM-DD"), which picks the due-date factor's
  // cycle; defaults to the current day in America/Campo_Grande.
  today?: string;
};

export async function readBoleto(bytes: Uint8Array, options: ReadBoletoOptions = {}): Promise<BoletoReading> {
  if (options.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.today))
    throw new TypeError(`today: not a day: ${options.today}`);
  if (!(bytes instanceof Uint8Array)) throw new BoletoReadError("unreadable");
  if (bytes.byteLength === 0) throw new BoletoReadError("empty");
  if (bytes.byteLength > MAX_BOLETO_BYTES) throw new BoletoReadError("too-large");
  // The type by content (magic bytes), never by name or declared type.
  const mime = await detectFileType(bytes);
  const kind = mime ? KINDS[mime as keyof typeof KINDS] : undefined;
  if (!kind) throw new BoletoReadError("unsupported-type");

  // The worker gets its own copy: the caller's buffer stays usable.
  const today = options.today ?? localToday();
  const image = kind === "pdf" ? null : await normaliseImage(bytes);
  const task: Exclude<BoletoTask, { warmUp: true }> = image
    ? { kind: "png", bytes: image.png, ...(image.flat ? { flat: image.flat } : {}), today }
    : { kind: "pdf", bytes: new Uint8Array(bytes), today };
  const signal = AbortSignal.timeout(READ_TIMEOUT_MS * (inFlight + 1));
  inFlight++;
  let result: BoletoTaskResult;
  try {
    result = await runTask(task, signal);
  } finally {
    inFlight--;
  }
  if (!result.ok) throw new BoletoReadError(result.reason);
  return result.reading;
}

async function runTask(task: Exclude<BoletoTask, { warmUp: true }>, signal: AbortSignal): Promise<BoletoTaskResult> {
  try {
    const transferList = [task.bytes.buffer as ArrayBuffer];
    if (task.kind === "png" && task.flat) transferList.push(task.flat.buffer as ArrayBuffer);
    return await getPool().run(task, { transferList, signal });
  } catch (error) {
    throw failureOf(error);
  }
}

type RawGray = { width: number; height: number; channels: 1 | 2 | 3 | 4 };

// A photo or scan becomes an upright grayscale PNG of at most MAX_OCR_PIXELS.
// libvips (sharp, which already takes the site's uploads) decodes the
// stranger's bytes, on libuv's threads: @napi-rs/canvas crashed the whole
// process (SIGSEGV) on a truncated PNG, and a crash in a worker thread is a
// crash of the server. The worker's zxing and tesseract then decode only this
// PNG, in their wasm.
//
async function normaliseImage(bytes: Uint8Array): Promise<{ png: Uint8Array; flat: Uint8Array | null }> {
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw new BoletoReadError("unreadable");
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new BoletoReadError("image-too-large");
  // A square box on the longer side: the same pixel budget whichever way the
  // EXIF orientation turns the picture.
  const side = Math.round(
    Math.max(size.width, size.height) * Math.min(1, Math.sqrt(MAX_OCR_PIXELS / (size.width * size.height))),
  );
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      // Phone photos are stored sideways with an EXIF orientation.
      .rotate()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      // Transparent areas read as white paper, not black.
      .flatten({ background: "#ffffff" })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    // Raw pixels carry no resolution; tesseract warns about (and guesses at)
    // one under 70 dpi. 72 is what the PNG said when sharp encoded it from the
    // upload directly (before issue 21), so OCR sees the same picture as before.
    const png = await sharp(data, { raw }).withDensity(OCR_DENSITY).png({ compressionLevel: 1 }).toBuffer();
    const flat = (await isUnevenlyLit(data, raw)) ? await flattenLight(data, raw) : null;
    // Copies of their own, whose buffers can be handed over to the worker.
    return { png: new Uint8Array(png), flat };
  } catch {
    throw new BoletoReadError("unreadable");
  }
}

// A photo in dim or uneven light: its paper, seen blurred at 256 pixels, is
// dark somewhere. On an evenly lit page (scan, render, "scanner app" photo)
// the darkest tenth of the blurred page (print, the barcode) is still over 85%
// of the brightest; on the dim photos of the fixtures it is under 40%, and
// their brightest paper under half of white.
async function isUnevenlyLit(gray: Buffer, raw: RawGray): Promise<boolean> {
  const small = await sharp(gray, { raw }).resize(256, 256, { fit: "inside" }).blur(3).raw().toBuffer();
  const sorted = Uint8Array.from(small).sort();
  const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))];
  return at(0.9) < 150 || at(0.1) < 0.6 * at(0.9);
}

// A phone photo frames the page's width: 1800 pixels across are ~220 dpi of
// an A4 page, where tesseract reads the print and no longer crawls through
// the noise of a 12 MP photo (15 s at 9 MP, 3.5 s here).
const FLAT_OCR_WIDTH = 1800;
const FLAT_OCR_PIXELS = 4_000_000;
const OCR_DENSITY = 72;

// A photo's light flattened (decision 0038): the dark corner of a photo in
// dim, uneven light becomes white paper with black print again. The
// paper's brightness around each pixel: the picture at an eighth of its
// size, blurred over a few characters' width, scaled back up; the picture
// divided by it ("colour dodge" with its negative: a / (1 - (1 - b))).
async function flattenLight(gray: Buffer, raw: RawGray): Promise<Uint8Array> {
  const small = await sharp(gray, { raw })
    .resize(Math.max(1, Math.round(raw.width / 8)), Math.max(1, Math.round(raw.height / 8)))
    .blur(3)
    .negate()
    .toBuffer({ resolveWithObject: true });
  const background = await sharp(small.data, { raw: small.info })
    .resize(raw.width, raw.height, { fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer();
  const divided = await sharp(gray, { raw })
    .composite([
      {
        input: background,
        raw: { width: raw.width, height: raw.height, channels: raw.channels },
        blend: "colour-dodge",
      },
    ])
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The dark corner's noise, multiplied with its print, is averaged out by
  // scaling down to FLAT_OCR_WIDTH and FLAT_OCR_PIXELS and a 3x3 median
  // (which keeps strokes); then the paper (most of the page) is stretched to
  // white and the print to black.
  const shrink = Math.min(1, FLAT_OCR_WIDTH / raw.width, Math.sqrt(FLAT_OCR_PIXELS / (raw.width * raw.height)));
  const png = await sharp(divided.data, { raw: divided.info })
    .resize(Math.max(1, Math.round(raw.width * shrink)))
    .median(3)
    .normalise({ lower: 1, upper: 60 })
    .withDensity(OCR_DENSITY)
    .png({ compressionLevel: 1 })
    .toBuffer();
  return new Uint8Array(png);
}

function failureOf(error: unknown): BoletoReadError {
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : String(error);
  if (name === "AbortError" || name === "TimeoutError") return new BoletoReadError("timeout", { cause: error });
  if (/queue is at limit/i.test(message)) return new BoletoReadError("busy", { cause: error });
  // The thread died (out of memory, a crash in a native decoder) or could not
  // start: the user sees the spec's message; the log keeps what happened.
  log.error("boleto.reader_failed", { error });
  return new BoletoReadError("unreadable", { cause: error });
}

// Starts the thread and loads the OCR model ahead of the first boleto (the
// benchmark's warm-up; a server may call it at start to spare the first user).
export async function warmUpBoletoReader(): Promise<void> {
  await getPool().run({ warmUp: true });
}

// Ends the worker thread (and tesseract's): for CLIs and tests, which would
// otherwise wait for the idle timeout.
export async function closeBoletoReader(): Promise<void> {
  const p = pool;
  pool = null;
  if (p) await p.destroy();
}
