import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import exif from "exif-reader";
import sharp from "sharp";
import { privateFilePath, removePrivateFiles } from "./private-store.server";

// Private photos (maintenance requests, inspections): re-encoded to WebP at
// most 2000 px wide, turned upright, with no metadata kept (sharp writes none
// unless asked: no EXIF, so no GPS position), under a random name.

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
    const info = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
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

// When the camera says the photo was taken ("2026-11-24 09:41", its own
// clock, no time zone), from the EXIF DateTimeOriginal; null when absent or
// unreadable. Read before re-encoding drops it.
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
