import { createRequire } from "node:module";
import path from "node:path";
import { createCanvas, type Canvas } from "@napi-rs/canvas";
import { getDocument, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";

// pdf.js inside Node (the legacy build; its "worker" runs in this thread,
// which is the boleto worker thread, never the server's). Everything it needs
// is read from its npm package on disk: the 14 standard fonts (pdf-lib and
// many issuers do not embed Helvetica or Courier), CMaps and the wasm image
// decoders. Nothing is fetched.

const pdfjsDir = path.dirname(
  createRequire(path.join(process.cwd(), "package.json")).resolve("pdfjs-dist/package.json"),
);

// The largest page bitmap rendered: 300 dpi of an A4 page. A page that claims
// to be a few metres wide is rendered smaller instead of taking gigabytes.
const MAX_PAGE_PIXELS = 2480 * 3508;

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument({
    data: bytes,
    standardFontDataUrl: path.join(pdfjsDir, "standard_fonts") + path.sep,
    cMapUrl: path.join(pdfjsDir, "cmaps") + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(pdfjsDir, "wasm") + path.sep,
    // A file from a stranger: no eval of font programs, no scripting, and a
    // damaged file is an error rather than a best guess at its content.
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: true,
    // Images over 40 megapixels are not decoded.
    maxImageSize: 40_000_000,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  return task.promise;
}

// A page's text in reading order, one line per text line of the PDF.
export async function pageText(doc: PDFDocumentProxy, pageNumber: number): Promise<string> {
  const page = await doc.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const t = item as TextItem;
      text += t.str + (t.hasEOL ? "\n" : " ");
    }
    return text;
  } finally {
    page.cleanup();
  }
}

// A page drawn on a white canvas at `dpi` (capped by MAX_PAGE_PIXELS).
export async function renderPage(doc: PDFDocumentProxy, pageNumber: number, dpi: number): Promise<Canvas> {
  const page = await doc.getPage(pageNumber);
  try {
    let viewport = page.getViewport({ scale: dpi / 72 });
    const pixels = viewport.width * viewport.height;
    if (pixels > MAX_PAGE_PIXELS)
      viewport = page.getViewport({ scale: (dpi / 72) * Math.sqrt(MAX_PAGE_PIXELS / pixels) });
    const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js types want the DOM's canvas; @napi-rs/canvas implements the same 2D API.
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return canvas;
  } finally {
    page.cleanup();
  }
}
