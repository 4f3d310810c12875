import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { billingTxid, pixPayload } from "./pix";
import { pixQrSvg } from "./pix-qr.server";

const PAYLOAD = pixPayload(
  { key: "12.345.678/0001-95", name: "Lagoa Imóveis Ltda.", city: "Três Lagoas" },
  160550,
  billingTxid(42),
);

// zxing's wasm from the package on disk, as app/models/boletos/barcode.server.ts loads it.
function prepareReader() {
  const resolve = createRequire(path.join(process.cwd(), "package.json")).resolve;
  const wasm = fs.readFileSync(resolve("zxing-wasm/reader/zxing_reader.wasm"));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
  });
}

describe("pixQrSvg", () => {
  test("a self-contained, scalable, labelled SVG", async () => {
    const svg = await pixQrSvg(PAYLOAD);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="QR Code Pix"');
    expect(svg).toContain("<title>QR Code Pix</title>");
    expect(svg).not.toMatch(/<svg[^>]*\s(width|height)=/);
    expect(svg).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  test("a phone reads back the payload, CRC and all", async () => {
    const svg = await pixQrSvg(PAYLOAD);
    const png = await sharp(Buffer.from(svg), { density: 300 }).resize(400, 400).png().toBuffer();
    prepareReader();
    const results = await readBarcodes(new Uint8Array(png), { formats: ["QRCode"] });
    expect(results.map((r) => r.text)).toEqual([PAYLOAD]);
  });
});
