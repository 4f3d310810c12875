import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import { deleteListingImageFiles, storeListingImage } from "#app/models/properties/image-store.server";
import type { StoredImage } from "#app/models/properties/images";
import { planImages } from "./image-plan";
import { insertProperty, updateProperty, type EditableProperty } from "./property-admin.server";
import { firstError, MAX_IMAGES, MESSAGES, MIN_IMAGES, propertySchema } from "./property.schema";
import { IMAGES_FIELD, parsePropertyForm } from "./property-upload.server";

// The save of the property form (new and edit), in the order that keeps the
// disk and the database consistent (DESIGN.md decision 14):
//   1. parse the multipart body, checking every file (size, magic bytes);
//   2. validate the fields and the image count (kept + new, 1..10);
//   3. only then re-encode and store the new images;
//   4. write the row and the image rows in one transaction; if it fails,
//      delete the files stored in step 3;
//   5. after the commit, delete the files of the images removed.
// A refused submission stores nothing and returns conform's reply (values kept).

export type FormAlertData = { title: string; description: string };
export type SaveOutcome =
  { status: "invalid" | "failed"; result: SubmissionResult<string[]>; alert: FormAlertData } | { status: "saved"; id: number; featured: boolean };

export const SAVE_FAILED: FormAlertData = {
  title: "Erro no cadastro",
  description: "Não foi possível salvar o imóvel. Verifique os dados e tente novamente.",
};
export const FORGED_FORM = "Este formulário não corresponde ao imóvel em edição. Recarregue a página e tente novamente.";

function refused(result: SubmissionResult<string[]>): SaveOutcome {
  return {
    status: "invalid",
    result,
    alert: { title: "Verifique os dados do imóvel", description: firstError(result.error) ?? SAVE_FAILED.description },
  };
}

function dbFailure(error: unknown): FormAlertData {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "SQLITE_CONSTRAINT_UNIQUE") return { title: "Erro no cadastro", description: "Já existe um imóvel com essas características." };
  return SAVE_FAILED;
}

async function removeFiles(images: { file_key: string; widths: number[] }[]) {
  for (const img of images) {
    try {
      await deleteListingImageFiles(img);
    } catch (error) {
      // A file left behind is only disk space; the rows are already right.
      console.warn("could not delete listing image files", img.file_key, error);
    }
  }
}

const isCodeClash = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE" && String((error as Error).message).includes("property_code");

export async function saveProperty(request: Request, target: EditableProperty | null): Promise<SaveOutcome> {
  const parsed = await parsePropertyForm(request);
  if (!parsed.ok) {
    // The stream was cut by a hard limit: the typed values are lost.
    return refused({ status: "error", error: { [IMAGES_FIELD]: [parsed.error] } });
  }
  const { formData, uploads, uploadCount, imageErrors } = parsed;
  const submission = parseWithZod(formData, { schema: propertySchema });

  // An edit form posted to another property's URL (or with no id) is refused whole.
  if (target && formData.get("id") !== String(target.id)) {
    return refused(submission.reply({ formErrors: [FORGED_FORM] }));
  }

  const plan = target ? planImages(target.images, formData) : { kept: [], removed: [] };
  const total = plan.kept.length + uploadCount;
  const imageError = imageErrors[0] ?? (total > MAX_IMAGES ? MESSAGES.tooManyImages : total < MIN_IMAGES ? MESSAGES.images : null);
  if (submission.status !== "success" || imageError) {
    return refused(submission.reply(imageError ? { fieldErrors: { [IMAGES_FIELD]: [imageError] } } : undefined));
  }
  const input = submission.value;

  const stored: StoredImage[] = [];
  try {
    for (const upload of uploads) stored.push(await storeListingImage(upload.bytes));
  } catch (error) {
    console.warn("listing image could not be processed", error);
    await removeFiles(stored);
    return refused(submission.reply({ fieldErrors: { [IMAGES_FIELD]: [MESSAGES.imageProcessing] } }));
  }

  const db = getDb();
  try {
    if (!target) {
      let created: { id: number } | undefined;
      for (let attempt = 0; !created; attempt++) {
        try {
          created = await insertProperty(db, input, stored);
        } catch (error) {
          // Another writer took the same code between our read and write.
          if (attempt < 2 && isCodeClash(error)) continue;
          throw error;
        }
      }
      return { status: "saved", id: created.id, featured: input.featured };
    }
    const removedFiles = await updateProperty(db, target.id, input, { keptIds: plan.kept.map((img) => img.id), added: stored });
    if (removedFiles == null) {
      await removeFiles(stored);
      return { status: "failed", result: submission.reply({ formErrors: ["Imóvel não encontrado."] }), alert: SAVE_FAILED };
    }
    if (removedFiles === "stale") {
      await removeFiles(stored);
      return refused(submission.reply({ fieldErrors: { [IMAGES_FIELD]: [MESSAGES.staleImages] } }));
    }
    await removeFiles(removedFiles);
    return { status: "saved", id: target.id, featured: input.featured };
  } catch (error) {
    console.error("property save failed", error);
    await removeFiles(stored);
    return { status: "failed", result: submission.reply(), alert: dbFailure(error) };
  }
}
