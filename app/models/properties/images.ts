// Where a stored listing image is served from. Client-safe: the files are
// public (listing photos), under /uploads with long cache headers.
export type StoredImage = { file_key: string; widths: number[]; width: number; height: number };

export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

export function imageUrl(fileKey: string, width: number) {
  return `/uploads/properties/${fileKey}-${width}.webp`;
}

export function imageSrcSet(img: StoredImage) {
  return img.widths.map((w) => `${imageUrl(img.file_key, w)} ${w}w`).join(", ");
}

// The smallest stored width at least `target` wide, else the largest one.
export function imageSrc(img: StoredImage, target: number) {
  const w = img.widths.find((x) => x >= target) ?? img.widths[img.widths.length - 1];
  return imageUrl(img.file_key, w);
}
