import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import type { AuditActor } from "#app/models/audit/audit.server";
import { planImages } from "#app/models/properties/admin/image-plan";
import type { EditableProperty } from "#app/models/properties/admin/property-admin.server";
import {
  createPropertyWithImages,
  ImageProcessingError,
  PropertyNotFoundError,
  StaleImagesError,
  updatePropertyWithImages,
} from "#app/models/properties/admin/property-write.server";
import {
  firstError,
  MAX_IMAGES,
  MESSAGES,
  MIN_IMAGES,
  propertySchema,
} from "#app/models/properties/admin/property.schema";
import { reportFailure } from "#app/utils/failure.server";
import { MAX_IMAGE_BYTES } from "#app/utils/image-rules";
import { parseMultipartForm, readAcceptedImage, UploadRefusedError, type FileUpload } from "#app/utils/uploads.server";

// The save of the property form (new and edit), for the actions of new.tsx
// and edit.tsx:
//   1. parse the multipart body, checking every file (size, magic bytes);
//   2. validate the fields and the image count (kept + new, 1..10);
//   3. only then store the images and write the rows (the model's
//      createPropertyWithImages / updatePropertyWithImages, which keep the
//      disk and the database consistent,
//      docs/decisions/0026-errors-and-not-found.md).
// A refused submission stores nothing and returns conform's reply (values kept).

export type FormAlertData = { title: string; description: string };
// `httpStatus`: 400 for refused input, 404 for a property gone meanwhile, 409
// for a clash with another row, 500 only for a failure of ours.
export type SaveOutcome =
  | {
      status: "invalid" | "failed";
      httpStatus: 400 | 404 | 409 | 500;
      result: SubmissionResult<string[]>;
      alert: FormAlertData;
    }
  | { status: "saved"; id: number; featured: boolean };

export const SAVE_FAILED: FormAlertData = {
  title: "Erro no cadastro",
  description: "Não foi possível salvar o imóvel. Verifique os dados e tente novamente.",
};
export const FORGED_FORM =
  "Este formulário não corresponde ao imóvel em edição. Recarregue a página e tente novamente.";

// Two layers of limits on the upload:
// - the spec's rule (5 MB per image, at most 10) is checked per file in the
//   upload handler, so a refused photo comes back as a field error with the
//   other typed values kept;
// - hard caps on the stream itself (a part above 8 MiB, more than 20 files,
//   about 59 MiB in all) stop a hostile or absurd request early, before it is
//   buffered; then the form comes back with the error but without the values.
// Every file is read into memory once (at most MAX_IMAGES of them, each at most
// 5 MB) and its type is decided by magic bytes, never by name or Content-Type.

const IMAGES_FIELD = "images";
const HARD_MAX_PART_BYTES = 8 * 1024 * 1024;
const HARD_LIMITS = {
  maxFileSize: HARD_MAX_PART_BYTES,
  maxFiles: 20,
  maxTotalSize: MAX_IMAGES * MAX_IMAGE_BYTES + HARD_MAX_PART_BYTES + 1024 * 1024,
};

type ParsedPropertyForm =
  | { ok: true; formData: FormData; uploads: Buffer[]; uploadCount: number; imageErrors: string[] }
  | { ok: false; error: string };

async function parsePropertyForm(request: Request): Promise<ParsedPropertyForm> {
  const uploads: Buffer[] = [];
  const imageErrors: string[] = [];
  let uploadCount = 0;

  const handler = async (file: FileUpload) => {
    if (file.fieldName !== IMAGES_FIELD) return null; // no other file field exists
    // An empty file input still posts one nameless, empty part.
    if (file.size === 0 && !file.name) return null;
    uploadCount++;
    if (uploadCount > MAX_IMAGES) return null; // counted, never read: the count refuses the post
    const bytes = await readAcceptedImage(file);
    if (bytes) uploads.push(bytes);
    else imageErrors.push(`${file.name}: ${MESSAGES.imageFile}`);
    return null; // files never go into the FormData
  };

  try {
    const formData = await parseMultipartForm(request, HARD_LIMITS, handler);
    return { ok: true, formData, uploads, uploadCount, imageErrors };
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    if (error.reason === "too-many-files") return { ok: false, error: MESSAGES.tooManyImages };
    if (error.reason === "file-too-large" || error.reason === "body-too-large")
      return { ok: false, error: MESSAGES.imageFile };
    return { ok: false, error: "Não foi possível ler o formulário enviado. Tente novamente." };
  }
}

function refused(result: SubmissionResult<string[]>): SaveOutcome {
  return {
    status: "invalid",
    httpStatus: 400,
    result,
    alert: { title: "Verifique os dados do imóvel", description: firstError(result.error) ?? SAVE_FAILED.description },
  };
}

function dbFailure(error: unknown): FormAlertData {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "SQLITE_CONSTRAINT_UNIQUE")
    return { title: "Erro no cadastro", description: "Já existe um imóvel com essas características." };
  return SAVE_FAILED;
}

export async function saveProperty(
  request: Request,
  target: EditableProperty | null,
  actor: AuditActor,
): Promise<SaveOutcome> {
  const parsed = await parsePropertyForm(request);
  if (!parsed.ok) {
    // The stream was cut by a hard limit: the typed values are lost.
    return refused({ status: "error", error: { [IMAGES_FIELD]: [parsed.error] } });
  }
  const { formData, uploads, uploadCount, imageErrors } = parsed;
  const submission = parseWithZod(formData, { schema: propertySchema });

  // An edit form posted to another property's URL (or with no id) is refused whole.
  if (target && submission.payload.id !== String(target.id)) {
    return refused(submission.reply({ formErrors: [FORGED_FORM] }));
  }

  const plan = target ? planImages(target.images, formData) : { kept: [], removed: [] };
  const total = plan.kept.length + uploadCount;
  const imageError =
    imageErrors[0] ?? (total > MAX_IMAGES ? MESSAGES.tooManyImages : total < MIN_IMAGES ? MESSAGES.images : null);
  if (submission.status !== "success" || imageError) {
    return refused(submission.reply(imageError ? { fieldErrors: { [IMAGES_FIELD]: [imageError] } } : undefined));
  }
  const input = submission.value;

  try {
    if (!target) {
      const id = await createPropertyWithImages(getDb(), input, uploads, actor);
      return { status: "saved", id, featured: input.featured };
    }
    await updatePropertyWithImages(
      getDb(),
      target.id,
      input,
      { keptIds: plan.kept.map((img) => img.id), uploads },
      actor,
    );
    return { status: "saved", id: target.id, featured: input.featured };
  } catch (error) {
    if (error instanceof ImageProcessingError)
      return refused(submission.reply({ fieldErrors: { [IMAGES_FIELD]: [MESSAGES.imageProcessing] } }));
    if (error instanceof StaleImagesError)
      return refused(submission.reply({ fieldErrors: { [IMAGES_FIELD]: [MESSAGES.staleImages] } }));
    if (error instanceof PropertyNotFoundError) {
      return {
        status: "failed",
        httpStatus: 404,
        result: submission.reply({ formErrors: ["Imóvel não encontrado."] }),
        alert: SAVE_FAILED,
      };
    }
    reportFailure("property.save_failed", error);
    const clash = (error as { code?: unknown } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE";
    return { status: "failed", httpStatus: clash ? 409 : 500, result: submission.reply(), alert: dbFailure(error) };
  }
}
