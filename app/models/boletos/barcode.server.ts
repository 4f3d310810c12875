import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { prepareZXingModule, readBarcodes, type ReaderOptions } from "zxing-wasm/reader";

// ITF barcodes (the 44 digits of a boleto) with zxing-cpp compiled to wasm.
// The wasm is read from the npm package on disk: by default zxing-wasm
// fetches it from a CDN, and the server has no business reaching one.

let prepared = false;

function prepare() {
  if (prepared) return;
  const resolve = createRequire(path.join(process.cwd(), "package.json")).resolve;
  const wasm = fs.readFileSync(resolve("zxing-wasm/reader/zxing_reader.wasm"));
  const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
  prepareZXingModule({ overrides: { wasmBinary } });
  prepared = true;
}

// zxing's default (local average) thresholding misses the bars of a scan that
// pdf.js has scaled (soft edges); a fixed threshold finds them, and a global
// histogram helps a dark photo. Each pass takes tens of milliseconds.
const BINARIZERS: ReaderOptions["binarizer"][] = ["LocalAverage", "FixedThreshold", "GlobalHistogram"];

// RGBA pixels or an encoded PNG/JPEG. Returns the digits of each 44-digit ITF
// barcode found that `accept` takes (ITF itself carries no check digit: the
// caller checks the boleto's); the next thresholding is tried when none is.
export async function readItfBarcodes(
  input: ImageData | Uint8Array,
  accept: (digits: string) => boolean = () => true,
): Promise<string[]> {
  prepare();
  for (const binarizer of BINARIZERS) {
    const results = await readBarcodes(input, {
      formats: ["ITF"],
      tryHarder: true,
      tryRotate: true,
      binarizer,
      maxNumberOfSymbols: 4,
    });
    const found = results
      .filter((r) => r.isValid && /^\d{44}$/.test(r.text))
      .map((r) => r.text)
      .filter(accept);
    if (found.length > 0) return found;
  }
  return [];
}
