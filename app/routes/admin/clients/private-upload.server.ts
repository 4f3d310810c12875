import { log } from "#app/utils/log.server";
import { parseMultipartForm, UploadRefusedError } from "#app/utils/uploads.server";

// The upload forms of the Contratos and Manutenções tabs (one id field and one
// `file`): the body is streamed with limits and the file kept in memory
// (bounded by `maxBytes`) until its type is judged by content. Any other file
// field is dropped. A refused body becomes a form-level message.

export type PrivateUploadBody = { formData: FormData } | { error: string };

export async function readPrivateUpload(request: Request, maxBytes: number, tooLarge: string): Promise<PrivateUploadBody> {
  const limits = { maxFiles: 1, maxFileSize: maxBytes, maxParts: 10, maxHeaderSize: 8 * 1024, maxTotalSize: maxBytes + 64 * 1024 };
  try {
    const formData = await parseMultipartForm(request, limits, (file) => {
      if (file.fieldName !== "file" || file.size === 0) return null;
      return file;
    });
    return { formData };
  } catch (error) {
    if (error instanceof UploadRefusedError && (error.reason === "file-too-large" || error.reason === "body-too-large")) return { error: tooLarge };
    if (error instanceof UploadRefusedError) log.warn("upload.refused", { form: "private file", reason: error.reason });
    else log.warn("upload.refused", { form: "private file", error });
    return { error: "Não foi possível ler o formulário enviado. Tente novamente." };
  }
}
