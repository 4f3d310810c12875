"use strict";

// The HEIC decoder's worker thread (piscina loads this file; see heic.server.ts
// and docs/decisions/0044-inspections.md). libheif-js (libheif with libde265,
// compiled to WebAssembly) decodes synchronously: ~1-2 s for a 12 MP photo,
// which would stall every request if it ran on the server's thread. Plain
// CommonJS, no TypeScript: it loads the same way in dev, tests and production.

// libheif-js reports a bad file with console.log and an empty result; the
// server's log is JSON lines, so this thread's console stays quiet and the
// failure is the thrown error below.
console.log = () => {};

let loaded = null;

// Loaded once per thread (~0.1 s), on the first photo.
async function load() {
  const [piscina, heif] = await Promise.all([import("piscina"), import("libheif-js/wasm-bundle.js")]);
  return { piscina, libheif: heif.default };
}

// A new context per photo, released whatever happens: a context is never reused.
module.exports = async function decodeHeic({ bytes, maxPixels }) {
  if (!loaded) {
    loaded = load();
    // A failed start is retried by the next photo rather than kept.
    loaded.catch(() => {
      loaded = null;
    });
  }
  const { piscina, libheif } = await loaded;
  const decoder = new libheif.HeifDecoder();
  let images = [];
  try {
    images = decoder.decode(new Uint8Array(bytes));
    const image = images.find((i) => i.is_primary()) ?? images[0];
    if (!image) throw new Error("heic: no image");
    // Width and height after the container's rotation and mirroring, which
    // libheif applies: the pixels come out upright.
    const width = image.get_width();
    const height = image.get_height();
    // Refused before anything is decoded: the limit of every private photo.
    if (!(width > 0 && height > 0) || width * height > maxPixels) throw new Error("heic: too many pixels");
    const data = new Uint8ClampedArray(width * height * 4);
    const shown = await new Promise((resolve) => image.display({ data, width, height }, resolve));
    if (!shown) throw new Error("heic: undecodable");
    // The pixels are handed over to the server's thread, not copied (up to 200 MB).
    const decoded = { width, height, hasAlpha: image.has_alpha_channel(), data: new Uint8Array(data.buffer) };
    return piscina.move({ [piscina.transferableSymbol]: [data.buffer], [piscina.valueSymbol]: decoded });
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) decoder.decoder.delete();
  }
};
