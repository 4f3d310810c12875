import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import exif from "exif-reader";
import sharp from "sharp";
import { detectFileType } from "#app/utils/uploads.server";
import { decodeHeic, HEIF_TYPES } from "./heic.server";
import { privateFilePath, removePrivateFiles } from "./private-store.server";

// Private photos (maintenance requests, inspections): re-encoded to WebP at
// most 2000 px wide, turned upright, with no metadata kept (sharp writes none
// unless asked: no EXIF, so no GPS position), under a random name. A HEIC/HEIF
// (iPhone) photo is decoded by libheif-js first (heic.server.ts): sharp's
// prebuilt libvips reads its header but has no HEVC decoder.

const MAX_INPUT_PIXELS = 50_000_000;
const MAX_WIDTH = 2000;

export class PrivateImageError extends Error {
  constructor() {
    super("unreadable private image");
    this.name = "PrivateImageError";
  }
}

export type StoredPrivateImage = { file_key: string; width: number; height: number };

export async function storePrivateWebp(input: Buffer): Promise<StoredPrivateImage> {
  const file_key = `${randomBytes(16).toString("hex")}.webp`;
  const target = privateFilePath(file_key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    const info = await (
      await decoded(input)
    )
      .autoOrient()
      .resize({ width: MAX_WIDTH, height: MAX_WIDTH, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(target);
    return { file_key, width: info.width, height: info.height };
  } catch {
    await removePrivateFiles([file_key]);
    throw new PrivateImageError();
  }
}

// The photo as sharp's input. HEIC pixels come out upright (libheif applies
// the container's rotation) and without metadata, so autoOrient leaves them be.
async function decoded(input: Buffer) {
  const limit = { limitInputPixels: MAX_INPUT_PIXELS };
  if (!HEIF_TYPES.includes((await detectFileType(input)) ?? "")) return sharp(input, limit);
  const { width, height, hasAlpha, data } = await decodeHeic(input, MAX_INPUT_PIXELS);
  const pixels = sharp(data, { ...limit, raw: { width, height, channels: 4 } });
  return hasAlpha ? pixels : pixels.removeAlpha();
}

// When the camera says the photo was taken ("2026-11-24 09:41", its own
// clock, no time zone), from the EXIF DateTimeOriginal; null when absent or
// unreadable. Read before re-encoding drops it (sharp reads a HEIC's EXIF
// from its container without decoding the picture).
export async function photoTakenAt(input: Buffer): Promise<string | null> {
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.exif) return null;
    const taken = exif(meta.exif).Photo?.DateTimeOriginal;
    if (!(taken instanceof Date) || Number.isNaN(taken.getTime())) return null;
    return taken.toISOString().slice(0, 16).replace("T", " ");
  } catch {
    return null;
  }
}
