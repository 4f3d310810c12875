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
  type FileUploadHandler,
} from "@remix-run/form-data-parser";
import { fileTypeFromBuffer } from "file-type";
import { isAcceptedImageType, isAcceptedPhotoType, MAX_IMAGE_BYTES } from "#app/utils/image-rules";
import { isWordBinary, isWordOpenXml } from "#app/utils/word-container.server";

// The multipart forms of the back office (the property form and the banner
// form; docs/decisions/0018-stack.md, uploads): the body is streamed with
// limits, never buffered whole, and an image's type is decided by its magic
// bytes, never by its name or the Content-Type the browser claimed. Each form
// sets its own limits and its own messages; this module only says why a body
// was refused.

export type { FileUpload };

type UploadLimits = {
  maxFileSize: number;
  maxFiles: number;
  maxTotalSize: number;
  maxParts?: number;
  maxHeaderSize?: number;
};

// Why a body was cut short: too many files, one part above maxFileSize, the
// whole body above maxTotalSize, or a body that is not a readable form
// (including too many parts or an oversized part header).
type UploadRefusal = "too-many-files" | "file-too-large" | "body-too-large" | "unreadable";

export class UploadRefusedError extends Error {
  constructor(
    readonly reason: UploadRefusal,
    options?: ErrorOptions,
  ) {
    super(`Upload refused: ${reason}`, options);
    this.name = "UploadRefusedError";
  }
}

function refusalOf(error: unknown): UploadRefusal | null {
  if (error instanceof MaxFilesExceededError) return "too-many-files";
  if (error instanceof MaxFileSizeExceededError) return "file-too-large";
  if (error instanceof MaxTotalSizeExceededError) return "body-too-large";
  if (
    error instanceof MaxPartsExceededError ||
    error instanceof MaxHeaderSizeExceededError ||
    error instanceof FormDataParseError ||
    error instanceof MultipartParseError
  ) {
    return "unreadable";
  }
  // A text field that is not UTF-8: the parser decodes text strictly and
  // throws TextDecoder's TypeError as is.
  if (error instanceof TypeError && (error as NodeJS.ErrnoException).code === "ERR_ENCODING_INVALID_ENCODED_DATA")
    return "unreadable";
  return null;
}

// After a limit cut the parse short, read and drop what the browser is still
// sending (up to a bound), so it receives the form with the error instead of
// a connection reset. Past the bound the upload is cancelled. The bound is at
// least DRAIN_BOUND: a phone sending a 16 MB camera photo to a 5 MB field
// should get the message, and dropped bytes cost bandwidth, not memory.
const DRAIN_BOUND = 64 * 1024 * 1024;
async function discardRest(request: Request, atLeast: number) {
  const limit = Math.max(atLeast, DRAIN_BOUND);
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

// Parses the multipart body; `onFile` decides what each file part becomes in
// the FormData (null: dropped). A body refused by a limit or unreadable
// throws UploadRefusedError; any other error (one thrown by `onFile`) is
// rethrown as is. Either way the rest of the body is drained first (bounded).
export async function parseMultipartForm(
  request: Request,
  limits: UploadLimits,
  onFile: FileUploadHandler,
): Promise<FormData> {
  try {
    return await parseFormData(request, limits, onFile);
  } catch (error) {
    await discardRest(request, limits.maxTotalSize);
    const reason = refusalOf(error);
    if (reason) throw new UploadRefusedError(reason, { cause: error });
    throw error;
  }
}

// What the detector may read: file-type's own sample size. The kinds we
// accept are told by their first bytes; a longer read only lets a hostile
// file make the detector work (it inflated a ZIP's 500 MB entry on the main
// thread, GHSA-j47w-4g3g-c36v), so it never sees more, whatever its version.
const SNIFF_BYTES = 4100;
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

// The MIME type of a file by its content, whatever its name or the type the
// browser claimed; null when unknown. OLE and ZIP containers are named by
// what they hold: a Word document or "application/x-cfb" / "application/zip"
// (any other OLE or ZIP file: an installer, a JAR, a spreadsheet).
export async function detectFileType(bytes: Uint8Array): Promise<string | null> {
  if (startsWith(bytes, OLE)) return isWordBinary(bytes) ? DOCUMENT_KINDS.doc.mime : "application/x-cfb";
  if (startsWith(bytes, ZIP)) return isWordOpenXml(bytes) ? DOCUMENT_KINDS.docx.mime : "application/zip";
  const type = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES)).catch(() => undefined);
  return type?.mime ?? null;
}

// The type by content (JPEG, PNG or WebP), whatever the file name or the
// browser claimed.
export async function isAcceptedImage(bytes: Uint8Array) {
  const mime = await detectFileType(bytes);
  return !!mime && isAcceptedImageType(mime);
}

// An inspection photo by content: JPEG, PNG, WebP, or HEIC/HEIF (file-type
// names an iPhone's "heic" brand image/heic and the generic "mif1" image/heif).
export async function isAcceptedPhoto(bytes: Uint8Array) {
  const mime = await detectFileType(bytes);
  return !!mime && isAcceptedPhotoType(mime);
}

// One uploaded image checked against the shared rules: its bytes when it is
// at most 5 MB and a JPEG, PNG or WebP by content, else null. The file is read
// into memory once (the parser's limits bound how many and how large).
export async function readAcceptedImage(file: Blob): Promise<Buffer | null> {
  if (file.size > MAX_IMAGE_BYTES) return null;
  const bytes = Buffer.from(await file.arrayBuffer());
  return (await isAcceptedImage(bytes)) ? bytes : null;
}

// The document kinds the private uploads accept (contracts, maintenance
// documents, billing documents), as detectFileType names them by content. A
// .doc is an OLE compound file with a Word stream, a .docx a ZIP with a Word
// main part; any other container is refused.
const DOCUMENT_KINDS = {
  pdf: { mime: "application/pdf", ext: ".pdf" },
  doc: { mime: "application/msword", ext: ".doc" },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: ".docx" },
  jpg: { mime: "image/jpeg", ext: ".jpg" },
  png: { mime: "image/png", ext: ".png" },
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

// The type of an uploaded document by its content, when it is one of
// `accepted`; null otherwise (whatever its name or claimed type).
export async function documentTypeOf(
  bytes: Uint8Array,
  accepted: readonly DocumentKind[],
): Promise<{ mime: string; ext: string } | null> {
  const mime = await detectFileType(bytes);
  const kind = accepted.find((k) => DOCUMENT_KINDS[k].mime === mime);
  return kind ? DOCUMENT_KINDS[kind] : null;
}
