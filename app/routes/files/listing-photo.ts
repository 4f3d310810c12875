import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { getDb } from "#app/db/db.server";
import { findListingPhoto } from "#app/models/feed/feed.server";
import { ensureListingJpeg } from "#app/models/properties/image-store.server";
import { log, reasonOf } from "#app/utils/log.server";
import type { Route } from "./+types/listing-photo";

// /fotos/<key>.jpg: the JPEG copy of a public listing photo, for the portal
// feed (docs/decisions/0012-portal-feed.md). Only the key of an existing
// property image is served: the name must be 32 hex digits + ".jpg" (nothing
// else reaches the disk), and the row must exist (a removed photo is gone
// even if a file was left behind). The request pipeline has already refused
// any non-canonical path.
const NAME = /^([0-9a-f]{32})\.jpg$/;

function notFound() {
  return new Response("Foto não encontrada.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
  });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const key = NAME.exec(params.file)?.[1];
  if (!key) return notFound();
  const photo = await findListingPhoto(getDb(), key);
  if (!photo) return notFound();
  let filePath: string;
  let size: number;
  try {
    filePath = await ensureListingJpeg(photo);
    size = (await fs.stat(filePath)).size;
  } catch (error) {
    // A WebP variant missing on disk or unreadable: the photo cannot be served.
    log.warn("photo.jpeg_unavailable", { key, reason: reasonOf(error) });
    return notFound();
  }
  // The key changes with every upload, so the bytes behind a URL never do.
  const headers = {
    "Content-Type": "image/jpeg",
    "Content-Length": String(size),
    "Cache-Control": "public, max-age=31536000, immutable",
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>, { headers });
}
