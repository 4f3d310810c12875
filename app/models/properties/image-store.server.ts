import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { uploadsDir } from "#app/utils/env.server";
import { IMAGE_WIDTHS, type StoredImage } from "./images";

// Two libvips threads per image: the server runs on 2 cores and has pages to
// render while a photo is being encoded.
sharp.concurrency(2);

// 50 megapixels is far above any camera photo and keeps a crafted small file
// from decoding into gigabytes.
const MAX_INPUT_PIXELS = 50_000_000;

// Public listing photos: served as /uploads/properties/<key>-<w>.webp (images.ts).
export function listingImagePath(file_key: string, width: number) {
  return path.join(uploadsDir(), "public", "properties", `${file_key}-${width}.webp`);
}

// The JPEG copy of a listing photo, for the portal feed (VRSync wants .jpg
// URLs; docs/decisions/0012-portal-feed.md). Written at upload beside the WebP
// variants; photos stored before it existed get theirs on first request
// (ensureListingJpeg).
export function listingJpegPath(file_key: string) {
  return path.join(uploadsDir(), "public", "properties", `${file_key}.jpg`);
}

// The size portals display: the largest variant's width, never upscaled.
const JPEG_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
const JPEG_QUALITY = 82;

// Widths to store for an image `original` pixels wide: never upscale, and keep
// the original width as the largest variant when it falls between two standard
// widths (an 800 px photo is stored at 480 and 800, not cut down to 480).
function variantWidths(original: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= original);
  if (original < IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] && !widths.includes(original)) widths.push(original);
  return widths;
}

// Re-encodes an upload into the responsive WebP variants. Re-encoding (without
// withMetadata/keepMetadata) drops EXIF, GPS and ICC data, so a phone photo
// never publishes where it was taken; the caller has already checked the type
// by magic bytes. Decoding errors reject, and no file is left behind.
export async function storeListingImage(input: Buffer): Promise<StoredImage> {
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // Dimensions after EXIF rotation: a portrait phone photo is stored 90° turned.
  const original = meta.autoOrient?.width ?? meta.width;
  if (!original) throw new Error("Imagem sem dimensões");

  const file_key = randomBytes(16).toString("hex");
  const widths = variantWidths(original);
  await fs.mkdir(path.dirname(listingImagePath(file_key, widths[0])), { recursive: true });

  const written: number[] = [];
  let width = 0;
  let height = 0;
  try {
    // One variant at a time: memory stays bounded by one decoded image.
    for (const w of widths) {
      const info = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 75 })
        .toFile(listingImagePath(file_key, w));
      written.push(w);
      width = info.width;
      height = info.height;
    }
    await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: JPEG_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY, progressive: true })
      .toFile(listingJpegPath(file_key));
  } catch (error) {
    // Every width, not only the finished ones: a failed write may leave a partial file.
    await deleteListingImageFiles({ file_key, widths });
    throw error;
  }
  return { file_key, widths, width, height };
}

export async function deleteListingImageFiles(img: { file_key: string; widths: number[] }) {
  await Promise.all([
    ...img.widths.map((w) => fs.rm(listingImagePath(img.file_key, w), { force: true })),
    fs.rm(listingJpegPath(img.file_key), { force: true }),
  ]);
}

// Conversions in flight, so that two portal crawlers asking for the same old
// photo at once encode it once.
const converting = new Map<string, Promise<string>>();

// The path of the photo's JPEG copy, made from its largest WebP variant when
// it is missing (a photo stored before JPEG copies existed). The file appears
// whole or not at all: written under a temporary name, then renamed.
export async function ensureListingJpeg(img: { file_key: string; widths: number[] }): Promise<string> {
  const target = listingJpegPath(img.file_key);
  try {
    await fs.access(target);
    return target;
  } catch {
    // not there yet
  }
  const pending = converting.get(img.file_key);
  if (pending) return pending;
  const work = (async () => {
    const largest = Math.max(...img.widths);
    const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await sharp(listingImagePath(img.file_key, largest), { limitInputPixels: MAX_INPUT_PIXELS })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: JPEG_QUALITY, progressive: true })
        .toFile(temp);
      await fs.rename(temp, target);
      return target;
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  })();
  converting.set(img.file_key, work);
  try {
    return await work;
  } finally {
    converting.delete(img.file_key);
  }
}
