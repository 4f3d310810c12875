import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import { deleteListingImageFiles, storeListingImage } from "#app/models/properties/image-store.server";
import type { StoredImage } from "#app/models/properties/images";
import { log } from "#app/utils/log.server";
import { insertProperty, updateProperty } from "./property-admin.server";
import type { PropertyInput } from "./property.schema";

// The write of a property (new and edit), once its values and its uploads
// have been checked, in the order that keeps the disk and the database
// consistent (docs/decisions/0026-errors-and-not-found.md):
//   1. re-encode and store the new images;
//   2. write the row and the image rows in one transaction; if it fails,
//      delete the files stored in step 1;
//   3. after the commit, delete the files of the images removed.
// A refused write leaves no new file behind and throws one of the errors below
// (or the database's own error).

type DB = Kysely<Database>;

// An upload passed the type check but sharp could not process it.
export class ImageProcessingError extends Error {
  constructor(options?: ErrorOptions) {
    super("Listing image could not be processed", options);
    this.name = "ImageProcessingError";
  }
}

// The property was deleted while its form was open.
export class PropertyNotFoundError extends Error {
  constructor() {
    super("Property not found");
    this.name = "PropertyNotFoundError";
  }
}

// The kept images are no longer this property's images (another edit won).
export class StaleImagesError extends Error {
  constructor() {
    super("Property images changed meanwhile");
    this.name = "StaleImagesError";
  }
}

async function removeFiles(images: { file_key: string; widths: number[] }[]) {
  for (const img of images) {
    try {
      await deleteListingImageFiles(img);
    } catch (error) {
      // A file left behind is only disk space; the rows are already right.
      log.warn("image.remove_failed", { key: img.file_key, error });
    }
  }
}

const isCodeClash = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE" &&
  String((error as Error).message).includes("property_code");

async function storeImages(uploads: Buffer[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const bytes of uploads) stored.push(await storeListingImage(bytes));
  } catch (error) {
    log.warn("image.processing_failed", { error });
    await removeFiles(stored);
    throw new ImageProcessingError({ cause: error });
  }
  return stored;
}

// Creates the property with the uploads as its images, in order; returns its id.
export async function createPropertyWithImages(
  db: DB,
  input: PropertyInput,
  uploads: Buffer[],
  actor: AuditActor,
): Promise<number> {
  const stored = await storeImages(uploads);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await insertProperty(db, input, stored, actor)).id;
      } catch (error) {
        // Another writer took the same code between our read and write.
        if (attempt < 2 && isCodeClash(error)) continue;
        throw error;
      }
    }
  } catch (error) {
    await removeFiles(stored);
    throw error;
  }
}

// Updates the property: its values, the images kept (in their new order) and
// the uploads appended after them.
export async function updatePropertyWithImages(
  db: DB,
  id: number,
  input: PropertyInput,
  gallery: { keptIds: number[]; uploads: Buffer[] },
  actor: AuditActor,
): Promise<void> {
  const stored = await storeImages(gallery.uploads);
  let removedFiles: Awaited<ReturnType<typeof updateProperty>>;
  try {
    removedFiles = await updateProperty(db, id, input, { keptIds: gallery.keptIds, added: stored }, actor);
  } catch (error) {
    await removeFiles(stored);
    throw error;
  }
  if (removedFiles == null) {
    await removeFiles(stored);
    throw new PropertyNotFoundError();
  }
  if (removedFiles === "stale") {
    await removeFiles(stored);
    throw new StaleImagesError();
  }
  await removeFiles(removedFiles);
}
