import { MAX_MAINTENANCE_IMAGES } from "#app/models/maintenance/maintenance.schema";
import { MAX_IMAGE_BYTES } from "#app/utils/image-rules";
import { log } from "#app/utils/log.server";
import { parseMultipartForm, readAcceptedImage, UploadRefusedError } from "#app/utils/uploads.server";

// The upload side of "Nova Solicitação" (client area): the multipart body is
// streamed with hard caps; the spec's rules (at most 5 images, 5 MB each, JPEG,
// PNG or WebP by content) are checked on every file before anything is stored.

const HARD_MAX_PART = 8 * 1024 * 1024;
const LIMITS = {
  maxFiles: 10,
  maxFileSize: HARD_MAX_PART,
  maxParts: 30,
  maxHeaderSize: 8 * 1024,
  maxTotalSize: MAX_MAINTENANCE_IMAGES * MAX_IMAGE_BYTES + HARD_MAX_PART + 256 * 1024,
};

export type MaintenanceBody =
  | { ok: true; formData: FormData; images: Buffer[] }
  | { ok: false; formData: FormData | null; reason: "invalid-files" | "too-many" | "unreadable" };

export async function readMaintenanceForm(request: Request): Promise<MaintenanceBody> {
  let count = 0;
  let tooLarge = false;
  let formData: FormData;
  try {
    formData = await parseMultipartForm(request, LIMITS, (file) => {
      if (file.fieldName !== "images" || file.size === 0) return null;
      count += 1;
      if (file.size > MAX_IMAGE_BYTES) {
        tooLarge = true;
        return null;
      }
      return file;
    });
  } catch (error) {
    if (error instanceof UploadRefusedError) {
      log.warn("upload.refused", { form: "maintenance", reason: error.reason });
      return {
        ok: false,
        formData: null,
        reason:
          error.reason === "too-many-files"
            ? "too-many"
            : error.reason === "unreadable"
              ? "unreadable"
              : "invalid-files",
      };
    }
    throw error;
  }
  if (count > MAX_MAINTENANCE_IMAGES) return { ok: false, formData, reason: "too-many" };
  if (tooLarge) return { ok: false, formData, reason: "invalid-files" };
  const images: Buffer[] = [];
  for (const file of formData.getAll("images")) {
    if (typeof file === "string") continue;
    const bytes = await readAcceptedImage(file);
    if (!bytes) return { ok: false, formData, reason: "invalid-files" };
    images.push(bytes);
  }
  formData.delete("images");
  return { ok: true, formData, images };
}
