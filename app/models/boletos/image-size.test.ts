import { describe, expect, it } from "vitest";
import { imageSize } from "./image-size";

function png(width: number, height: number) {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(b.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return b;
}

// SOI, an APP0 segment, a DQT segment, then the frame header.
function jpeg(width: number, height: number, frameMarker = 0xc0) {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x06,
    0x4a,
    0x46,
    0x49,
    0x46,
    0xff,
    0xff,
    0xdb,
    0x00,
    0x03,
    0x00,
    0xff,
    frameMarker,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
  ]);
}

describe("imageSize", () => {
  it("reads a PNG's IHDR", () => {
    expect(imageSize(png(1654, 2339))).toEqual({ width: 1654, height: 2339 });
    expect(imageSize(png(50_000, 50_000))).toEqual({ width: 50_000, height: 50_000 });
  });

  it("reads a JPEG's frame header past other segments (baseline and progressive)", () => {
    expect(imageSize(jpeg(1241, 1754))).toEqual({ width: 1241, height: 1754 });
    expect(imageSize(jpeg(4000, 3000, 0xc2))).toEqual({ width: 4000, height: 3000 });
  });

  it("returns null for anything else or a cut header", () => {
    expect(imageSize(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(imageSize(png(10, 10).slice(0, 20))).toBeNull();
    expect(imageSize(jpeg(10, 10).slice(0, 12))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
  });
});
