import { MAX_ITEM_PHOTOS, MAX_PHOTO_BYTES } from "#app/models/inspections/photos.server";
import { log } from "#app/utils/log.server";
import { isAcceptedPhoto, parseMultipartForm, UploadRefusedError } from "#app/utils/uploads.server";

// "Enviar fotos" of an inspection item, "Enviar foto do medidor" of a meter:
// the multipart body streamed with hard caps (at most MAX_ITEM_PHOTOS files,
// or one, of MAX_PHOTO_BYTES), every file judged by content (JPEG, PNG, WebP,
// HEIC) before anything is stored; one that passes and still cannot be
// decoded (a truncated HEIC) is refused with the same message when it is
// stored (PrivateImageError).

export const PHOTO_MESSAGES = {
  invalid: "Apenas fotos JPG, PNG, WEBP ou HEIC de até 10 MB.",
  tooMany: `No máximo ${MAX_ITEM_PHOTOS} fotos por item.`,
  none: "Escolha ao menos uma foto.",
  oneMeter: "Envie uma foto por medidor.",
  unreadable: "Não foi possível ler o envio. Tente de novo: as anotações já salvas continuam salvas.",
} as const;

// At most `maxFiles` photos of MAX_PHOTO_BYTES, and a few text fields.
const limits = (maxFiles: number) => ({
  maxFiles,
  maxFileSize: MAX_PHOTO_BYTES,
  maxParts: maxFiles + 10,
  maxHeaderSize: 8 * 1024,
  maxTotalSize: maxFiles * MAX_PHOTO_BYTES + 64 * 1024,
});

export type PhotosBody = { ok: true; form: FormData; images: Buffer[] } | { ok: false; error: string };

// `required`: at least one photo (staff's "Enviar fotos"; a contest's are
// optional). `maxFiles` and `tooMany`: a meter takes one photo, an item ten.
export async function readPhotosForm(
  request: Request,
  { required = true, maxFiles = MAX_ITEM_PHOTOS, tooMany = PHOTO_MESSAGES.tooMany as string } = {},
): Promise<PhotosBody> {
  let form: FormData;
  try {
    form = await parseMultipartForm(request, limits(maxFiles), (file) =>
      file.fieldName === "photos" && file.size > 0 ? file : null,
    );
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    log.warn("upload.refused", { form: "inspection photos", reason: error.reason });
    if (error.reason === "too-many-files") return { ok: false, error: tooMany };
    if (error.reason === "unreadable") return { ok: false, error: PHOTO_MESSAGES.unreadable };
    return { ok: false, error: PHOTO_MESSAGES.invalid };
  }
  const images: Buffer[] = [];
  for (const file of form.getAll("photos")) {
    if (typeof file === "string") continue;
    const bytes = Buffer.from(await file.arrayBuffer());
    if (!(await isAcceptedPhoto(bytes))) return { ok: false, error: PHOTO_MESSAGES.invalid };
    images.push(bytes);
  }
  if (required && images.length === 0) return { ok: false, error: PHOTO_MESSAGES.none };
  return { ok: true, form, images };
}
