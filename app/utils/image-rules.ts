// The rules every uploaded image follows (docs/product.md §Regras e limites),
// for the listing photos and the banner pictures alike. Client-safe: the forms
// read them for the file input's `accept` and a first check in the browser; the
// server decides the type by content (uploads.server.ts).

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024; // 5 MB
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
// The file input's `accept` attribute.
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(",");

export function isAcceptedImageType(mime: string) {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime);
}

// Inspection photos also take HEIC/HEIF, an iPhone's own format (decoded on
// the server, docs/decisions/0044-inspections.md). The extensions are listed
// too: browsers that do not map .heic to a MIME type would hide the files.
export const PHOTO_TYPES = [...ACCEPTED_IMAGE_TYPES, "image/heic", "image/heif"] as const;
export const PHOTO_ACCEPT = [...PHOTO_TYPES, ".heic", ".heif"].join(",");

export function isAcceptedPhotoType(mime: string) {
  return (PHOTO_TYPES as readonly string[]).includes(mime);
}
