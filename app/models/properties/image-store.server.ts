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
  } catch (error) {
    // Every width, not only the finished ones: a failed write may leave a partial file.
    await deleteListingImageFiles({ file_key, widths });
    throw error;
  }
  return { file_key, widths, width, height };
}

export async function deleteListingImageFiles(img: { file_key: string; widths: number[] }) {
  await Promise.all(img.widths.map((w) => fs.rm(listingImagePath(img.file_key, w), { force: true })));
}
