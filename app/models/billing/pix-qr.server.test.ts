import fs from "node:fs";
import { createRequire } from "node:module";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { pixPayload } from "./pix";
import { pixQrSvg } from "./pix-qr.server";

// The reader's wasm from the package on disk (zxing-wasm would fetch it from a CDN).
const wasm = fs.readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
});

describe("the Pix QR Code", () => {
  it("is an SVG that a reader decodes back to the payload", async () => {
    const payload = pixPayload(
      { key: "123e4567-e12b-12d1-a456-426655440000", name: "Lagoa Imóveis", city: "Três Lagoas" },
      165_450,
      "COB7",
    );
    const svg = await pixQrSvg(payload);
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="QR Code Pix"/);
    expect(svg).toContain("viewBox");
    const png = await sharp(Buffer.from(svg), { density: 300 }).flatten({ background: "#fff" }).png().toBuffer();
    const [read] = await readBarcodes(png, { formats: ["QRCode"] });
    expect(read?.text).toBe(payload);
  });
});
