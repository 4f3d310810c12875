import { BannerImageError, storeBannerImages, type StoredBannerImages } from "#app/models/banners/banner-images.server";
import { BANNER_FORM_MESSAGES, type BannerFormValues } from "#app/models/banners/banner.schema";
import { MAX_IMAGE_BYTES } from "#app/utils/image-rules";
import { log } from "#app/utils/log.server";
import { isAcceptedImage, parseMultipartForm, UploadRefusedError } from "#app/utils/uploads.server";

// The upload side of the banner edit form, for the action of edit.tsx.

type ImageField = "image" | "mobile_image";

// Two layers, as on the property form: the 5 MB rule is checked per file in
// the handler, so a photo a bit too large comes back as a field error with the
// typed values kept; a part over 8 MiB stops the stream (the form then comes
// back with the message but without the values).
const HARD_MAX_PART = 8 * 1024 * 1024;
const LIMITS = {
  maxFiles: 2,
  maxFileSize: HARD_MAX_PART,
  maxParts: 20,
  maxHeaderSize: 8 * 1024,
  maxTotalSize: 2 * HARD_MAX_PART + 64 * 1024,
};

export type BannerFormBody =
  { formData: FormData; tooLarge: Partial<Record<ImageField, string[]>> } | { error: string };

// The edit form's multipart body, streamed with limits: two image fields,
// kept in memory (bounded by the limits) for sharp; any other file field is
// dropped. A refused body becomes a form-level message.
export async function readBannerFormData(request: Request): Promise<BannerFormBody> {
  const tooLarge: Partial<Record<ImageField, string[]>> = {};
  try {
    const formData = await parseMultipartForm(request, LIMITS, (file) => {
      if (file.fieldName !== "image" && file.fieldName !== "mobile_image") return null;
      if (file.size === 0) return null; // an empty file input
      if (file.size > MAX_IMAGE_BYTES) {
        tooLarge[file.fieldName] = [BANNER_FORM_MESSAGES.imageTooLarge];
        return null;
      }
      return file;
    });
    return { formData, tooLarge };
  } catch (error) {
    if (error instanceof UploadRefusedError && error.reason === "file-too-large")
      return { error: BANNER_FORM_MESSAGES.imageTooLarge };
    // A refusal is one line in the log; anything else keeps its stack.
    if (error instanceof UploadRefusedError) log.warn("upload.refused", { form: "banner", reason: error.reason });
    else log.warn("upload.refused", { form: "banner", error });
    return { error: "Não foi possível ler o formulário enviado. Tente novamente." };
  }
}

// Checks the uploads by magic bytes (JPEG, PNG or WebP, whatever the name
// says) and stores their WebP crops. Nothing is written when one is refused.
export async function storeUploadedBannerImages(
  values: Pick<BannerFormValues, ImageField>,
): Promise<{ images: StoredBannerImages } | { fieldErrors: Partial<Record<ImageField, string[]>> }> {
  const desktop = values.image ? new Uint8Array(await values.image.arrayBuffer()) : undefined;
  const mobile = values.mobile_image ? new Uint8Array(await values.mobile_image.arrayBuffer()) : undefined;
  const fieldErrors: Partial<Record<ImageField, string[]>> = {};
  if (desktop && !(await isAcceptedImage(desktop))) fieldErrors.image = [BANNER_FORM_MESSAGES.imageType];
  if (mobile && !(await isAcceptedImage(mobile))) fieldErrors.mobile_image = [BANNER_FORM_MESSAGES.imageType];
  if (fieldErrors.image || fieldErrors.mobile_image) return { fieldErrors };
  try {
    return { images: await storeBannerImages(desktop, mobile) };
  } catch (error) {
    if (error instanceof BannerImageError)
      return { fieldErrors: { [error.field]: [BANNER_FORM_MESSAGES.imageUnreadable] } };
    throw error;
  }
}
