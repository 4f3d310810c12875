import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { uploadsDir } from "#app/utils/env.server";
import { log } from "#app/utils/log.server";

// Replacement banner images: public files under UPLOADS_DIR/public/banners,
// served as /uploads/banners/<random>.webp with a one-year immutable cache
// (server.ts), so every upload gets a new random name and is never rewritten.
// The default images (/banners/*.webp in public/) are never touched.

const DESKTOP_SIZE = { width: 1600, height: 600 } as const; // the slider's 8:3 frame
const MOBILE_SIZE = { width: 768, height: 960 } as const; // 4:5, as the <img> declares
// A decompression bomb stops at decoding instead of filling memory.
const MAX_INPUT_PIXELS = 50_000_000;

const URL_PREFIX = "/uploads/banners/";
const UPLOADED_NAME = /^[a-f0-9]{32}(?:-m)?\.webp$/;

function bannerDir() {
  return path.join(uploadsDir(), "public", "banners");
}

// The file behind an uploaded banner URL, or null for anything else (the
// default statics, or a value that is not exactly one of our names: no path
// from the database ever reaches the disk unchecked).
export function uploadedBannerPath(url: string): string | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const name = url.slice(URL_PREFIX.length);
  return UPLOADED_NAME.test(name) ? path.join(bannerDir(), name) : null;
}

async function encode(input: Uint8Array, size: { width: number; height: number }, file: string) {
  // Re-encoding without keepMetadata drops EXIF/GPS; autoOrient first so a
  // portrait phone photo is cropped the way it is seen.
  await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ ...size, fit: "cover", position: "attention" })
    .webp({ quality: 78 })
    .toFile(file);
}

// Which upload could not be decoded ("image" also when the mobile crop came from it).
export class BannerImageError extends Error {
  constructor(
    readonly field: "image" | "mobile_image",
    options?: ErrorOptions,
  ) {
    super(`Imagem ilegível: ${field}`, options);
  }
}

export type StoredBannerImages = { imageUrl?: string; mobileImageUrl?: string; files: string[] };

// Writes the desktop crop of `desktop` and the mobile crop of `mobile`, or of
// `desktop` when no separate mobile image came. Throws on an undecodable image,
// leaving no file behind.
export async function storeBannerImages(
  desktop: Uint8Array | undefined,
  mobile: Uint8Array | undefined,
): Promise<StoredBannerImages> {
  const result: StoredBannerImages = { files: [] };
  if (!desktop && !mobile) return result;
  await fs.mkdir(bannerDir(), { recursive: true });
  const key = randomBytes(16).toString("hex");
  try {
    if (desktop) {
      const file = path.join(bannerDir(), `${key}.webp`);
      // Listed before writing: a failed encode may leave a partial file.
      result.files.push(file);
      await encode(desktop, DESKTOP_SIZE, file).catch((e) => {
        throw new BannerImageError("image", { cause: e });
      });
      result.imageUrl = `${URL_PREFIX}${key}.webp`;
    }
    const mobileSource = mobile ?? desktop;
    if (mobileSource) {
      const file = path.join(bannerDir(), `${key}-m.webp`);
      result.files.push(file);
      await encode(mobileSource, MOBILE_SIZE, file).catch((e) => {
        throw new BannerImageError(mobile ? "mobile_image" : "image", { cause: e });
      });
      result.mobileImageUrl = `${URL_PREFIX}${key}-m.webp`;
    }
  } catch (error) {
    await removeFiles(result.files);
    throw error;
  }
  return result;
}

export async function removeFiles(files: string[]) {
  await Promise.all(files.map((f) => fs.rm(f, { force: true })));
}

// Deletes the uploaded files among these URLs (defaults and foreign values are skipped).
export async function removeUploadedBannerImages(urls: string[]) {
  const files = urls.map(uploadedBannerPath).filter((f): f is string => f !== null);
  try {
    await removeFiles(files);
  } catch (error) {
    // The row no longer points at them: a leftover file is harmless, so log only.
    log.error("banner.image_cleanup_failed", { error });
  }
}
