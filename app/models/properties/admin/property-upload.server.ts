import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { fileTypeFromBuffer } from "file-type";
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES, MESSAGES } from "./property.schema";

// Streaming multipart parsing of the property form (DESIGN.md §1, uploads).
//
// Two layers of limits:
// - the spec's rule (5 MB per image, at most 10) is checked per file in the
//   upload handler, so a refused photo comes back as a field error with the
//   other typed values kept;
// - hard caps on the stream itself (a part above 8 MiB, more than 20 files,
//   about 59 MiB in all) stop a hostile or absurd request early, before it is
//   buffered; then the form comes back with the error but without the values.
// Every file is read into memory once (at most MAX_IMAGES of them, each at most
// 5 MB) and its type is decided by magic bytes, never by name or Content-Type.

export const IMAGES_FIELD = "images";
const HARD_MAX_PART_BYTES = 8 * 1024 * 1024;
const HARD_MAX_FILES = 20;
const HARD_MAX_TOTAL = MAX_IMAGES * MAX_IMAGE_BYTES + HARD_MAX_PART_BYTES + 1024 * 1024;

export type CheckedUpload = { name: string; bytes: Buffer };

export type ParsedPropertyForm =
  { ok: true; formData: FormData; uploads: CheckedUpload[]; uploadCount: number; imageErrors: string[] } | { ok: false; error: string };

async function checkImage(file: FileUpload): Promise<Buffer | string> {
  if (file.size > MAX_IMAGE_BYTES) return `${file.name}: ${MESSAGES.imageFile}`;
  const bytes = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(detected.mime)) return `${file.name}: ${MESSAGES.imageFile}`;
  return bytes;
}

// After a limit cut the parse short, read and drop what the browser is still
// sending (up to a bound), so it receives the form with the error instead of
// a connection reset. Past the bound the upload is cancelled.
async function discardRest(request: Request, limit = HARD_MAX_TOTAL) {
  const body = request.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > limit) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to drain.
  } finally {
    reader.releaseLock();
  }
}

export async function parsePropertyForm(request: Request): Promise<ParsedPropertyForm> {
  const uploads: CheckedUpload[] = [];
  const imageErrors: string[] = [];
  let uploadCount = 0;

  const handler = async (file: FileUpload) => {
    if (file.fieldName !== IMAGES_FIELD) return null; // no other file field exists
    // An empty file input still posts one nameless, empty part.
    if (file.size === 0 && !file.name) return null;
    uploadCount++;
    if (uploadCount > MAX_IMAGES) return null; // counted, never read: the count refuses the post
    const checked = await checkImage(file);
    if (typeof checked === "string") imageErrors.push(checked);
    else uploads.push({ name: file.name, bytes: checked });
    return null; // files never go into the FormData
  };

  try {
    const formData = await parseFormData(request, { maxFileSize: HARD_MAX_PART_BYTES, maxFiles: HARD_MAX_FILES, maxTotalSize: HARD_MAX_TOTAL }, handler);
    return { ok: true, formData, uploads, uploadCount, imageErrors };
  } catch (error) {
    await discardRest(request);
    if (error instanceof MaxFilesExceededError) return { ok: false, error: MESSAGES.tooManyImages };
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { ok: false, error: MESSAGES.imageFile };
    }
    if (
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError ||
      error instanceof FormDataParseError ||
      error instanceof MultipartParseError
    ) {
      return { ok: false, error: "Não foi possível ler o formulário enviado. Tente novamente." };
    }
    throw error;
  }
}
