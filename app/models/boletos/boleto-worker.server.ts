import { createCanvas, loadImage, type Canvas } from "@napi-rs/canvas";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { log, reasonOf } from "#app/utils/log.server";
import { readItfBarcodes } from "./barcode.server";
import { decodeBarcode } from "./boleto-line";
import { agreedReadings, hasTrustedCode, interpretBoleto, type BoletoReading } from "./boleto-reading";
import { recognizeText, warmUpOcr } from "./ocr.server";
import { openPdf, pageText, renderPage } from "./pdf-pages.server";

// The boleto worker thread (boleto-thread.cjs loads this file for piscina;
// read-boleto.server.ts is the only caller). The heavy steps happen here, off
// the server's event loop: pdf.js parsing and rendering, zxing, and driving
// the tesseract worker. Order (docs/decisions/0014-boleto-reading.md): a
// PDF's text layer; then the page's picture: ITF barcode and OCR.

// A PDF as uploaded, or an image already normalised to a grayscale PNG (with,
// for a photo in dim or uneven light, the same picture with its light
// flattened: decision 0038).
export type BoletoTask =
  | { bytes: Uint8Array; kind: "pdf"; today: string }
  | { bytes: Uint8Array; kind: "png"; flat?: Uint8Array; today: string }
  | { warmUp: true };

export type BoletoTaskResult =
  { ok: true; reading: BoletoReading; steps: string[] } | { ok: false; reason: "unreadable" };
// Rendering for the barcode only (a PDF with text but no line) and for OCR.
const BARCODE_DPI = 150;
const OCR_DPI = 200;
// A text layer this short is a scan with a stamp or a blank, not text.
const MIN_TEXT_CHARS = 40;
// pdf.js operators that paint a picture: a page with one may be a scan.
const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
]);

// The second look at a picture whose values come from OCR's labels alone:
// the same picture at this scale (docs/decisions/0038-boleto-never-wrong.md).
const SECOND_LOOK_SCALE = 0.8;

class Unreadable extends Error {}

// Our own grayscale PNG (made by sharp in read-boleto.server.ts, never a
// stranger's bytes) at SECOND_LOOK_SCALE.
async function shrunk(png: Uint8Array): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  const canvas = createCanvas(
    Math.max(1, Math.round(image.width * SECOND_LOOK_SCALE)),
    Math.max(1, Math.round(image.height * SECOND_LOOK_SCALE)),
  );
  canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.encode("png");
}

// OCR misreads a printed digit now and then ("21.250,00" for "1.250,00" on
// a clean picture), and a value read from a label alone has nothing else to
// check it against: OCR reads the picture again at another scale, and only
// the values both readings give are kept. A reading with a code confirmed by
// the print, or with nothing, is left as it is.
async function secondLook(reading: BoletoReading, again: () => Promise<BoletoReading>, steps: string[]) {
  if (reading.source !== "text") return reading;
  steps.push("ocr:second-look");
  return agreedReadings(reading, await again());
}

function pixelsOf(canvas: Canvas) {
  return canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height) as unknown as ImageData;
}

async function barcodesOf(input: ImageData | Uint8Array, today: string, steps: string[]): Promise<string[]> {
  try {
    const found = await readItfBarcodes(input, (digits) => decodeBarcode(digits, today) !== null);
    steps.push(`barcode:${found.length}`);
    return found;
  } catch {
    // zxing failing on an odd image is not fatal: the OCR may still read it.
    steps.push("barcode:error");
    return [];
  }
}

async function pageHasImages(doc: PDFDocumentProxy, pageNumber: number): Promise<boolean> {
  const page = await doc.getPage(pageNumber);
  try {
    const ops = await page.getOperatorList();
    return ops.fnArray.some((fn) => IMAGE_OPS.has(fn));
  } finally {
    page.cleanup();
  }
}

function meaningfulChars(text: string) {
  return text.replace(/[^\p{L}\p{N}]/gu, "").length;
}

async function readPdf(bytes: Uint8Array, today: string, steps: string[]): Promise<BoletoReading> {
  let doc: PDFDocumentProxy;
  try {
    doc = await openPdf(bytes);
  } catch {
    throw new Unreadable();
  }
  try {
    const pages = Math.min(doc.numPages, 2);
    let text = "";
    const barcodes: string[] = [];
    // 1. The text layer of the first pages.
    const layers: string[] = [];
    for (let p = 1; p <= pages; p++) {
      const layer = await pageText(doc, p);
      layers.push(layer);
      text += layer + "\n";
      steps.push(`text:p${p}:${meaningfulChars(layer)}`);
      if (hasTrustedCode({ text, barcodes, today })) return interpretBoleto({ text, barcodes, today });
    }
    // 2. The pictures of the pages: barcode, then OCR where the page is a scan
    // (little text, or an image drawn on it).
    const scannedPages: number[] = [];
    for (let p = 1; p <= pages; p++) {
      const scanned = meaningfulChars(layers[p - 1]) < MIN_TEXT_CHARS || (await pageHasImages(doc, p));
      const canvas = await renderPage(doc, p, scanned ? OCR_DPI : BARCODE_DPI);
      barcodes.push(...(await barcodesOf(pixelsOf(canvas), today, steps)));
      if (scanned) {
        text += (await recognizeText(await canvas.encode("png"))) + "\n";
        scannedPages.push(p);
        steps.push(`ocr:p${p}`);
      }
      if (hasTrustedCode({ text, barcodes, today })) break;
    }
    const ocr = scannedPages.length > 0;
    const reading = interpretBoleto({ text, barcodes, today, ocr });
    if (!ocr) return reading;
    return await secondLook(
      reading,
      async () => {
        let again = layers.map((layer) => layer + "\n").join("");
        for (const p of scannedPages)
          again +=
            (await recognizeText(await (await renderPage(doc, p, OCR_DPI * SECOND_LOOK_SCALE)).encode("png"))) + "\n";
        return interpretBoleto({ text: again, barcodes, today, ocr });
      },
      steps,
    );
  } catch (error) {
    // A page that cannot be parsed or drawn: the file is damaged. Logged,
    // because the same path would hide a broken OCR or renderer.
    log.warn("boleto.page_failed", { reason: reasonOf(error) });
    throw new Unreadable();
  } finally {
    await doc.destroy();
  }
}

// The image arrives as a grayscale PNG that read-boleto.server.ts made with
// sharp (oriented, at most MAX_OCR_PIXELS): zxing and tesseract decode it in
// their wasm, so no native decoder of this thread ever sees a stranger's bytes.
//
// A photo in dim, uneven light also comes flattened (`flat`). As taken, OCR
// reads nothing in its dark half, slowly (noise makes tesseract crawl), so the
// flattened picture is what OCR reads; the barcode is looked for in the photo
// first. Flattening also turns noise into digit-like runs that made false
// lines: its text is trusted only through the same rules and cross-checks
// (a barcode first, a line it does not confirm dropped, line against print).
async function readImage(png: Uint8Array, flat: Uint8Array | undefined, today: string, steps: string[]) {
  let barcodes = await barcodesOf(png, today, steps);
  if (barcodes.length === 0 && flat) barcodes = await barcodesOf(flat, today, steps);
  const text = await recognizeText(flat ?? png);
  steps.push(flat ? "ocr:flat" : "ocr");
  const reading = interpretBoleto({ text, barcodes, today, ocr: true });
  return secondLook(
    reading,
    async () => interpretBoleto({ text: await recognizeText(await shrunk(flat ?? png)), barcodes, today, ocr: true }),
    steps,
  );
}

export default async function readBoletoTask(task: BoletoTask): Promise<BoletoTaskResult> {
  if ("warmUp" in task) {
    await warmUpOcr();
    return {
      ok: true,
      reading: { dueDate: null, amountCents: null, monthYear: null, digitableLine: null, source: null },
      steps: ["warm-up"],
    };
  }
  const steps: string[] = [];
  try {
    const reading =
      task.kind === "png"
        ? await readImage(task.bytes, task.flat, task.today, steps)
        : await readPdf(task.bytes, task.today, steps);
    return { ok: true, reading, steps };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, reason: "unreadable" };
    throw error;
  }
}
