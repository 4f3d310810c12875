import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { privateUploadSchema } from "#app/models/shared/fields";
import { log } from "#app/utils/log.server";
import { parseMultipartForm, UploadRefusedError } from "#app/utils/uploads.server";

// The upload dialogs of the clients page (Enviar Contrato, Upload Documento,
// Anexar Boleto: one id field and one `file`, privateUploadSchema): the body
// is streamed with limits and the file kept in memory (bounded by `maxBytes`)
// until its type is judged by content. Any other file field is dropped. A
// refused body becomes a form-level message.

export type PrivateUploadBody = { formData: FormData } | { error: string };

export async function readPrivateUpload(
  request: Request,
  maxBytes: number,
  tooLarge: string,
): Promise<PrivateUploadBody> {
  const limits = {
    maxFiles: 1,
    maxFileSize: maxBytes,
    maxParts: 10,
    maxHeaderSize: 8 * 1024,
    maxTotalSize: maxBytes + 64 * 1024,
  };
  try {
    const formData = await parseMultipartForm(request, limits, (file) => {
      if (file.fieldName !== "file" || file.size === 0) return null;
      return file;
    });
    return { formData };
  } catch (error) {
    if (error instanceof UploadRefusedError && (error.reason === "file-too-large" || error.reason === "body-too-large"))
      return { error: tooLarge };
    if (error instanceof UploadRefusedError) log.warn("upload.refused", { form: "private file", reason: error.reason });
    else log.warn("upload.refused", { form: "private file", error });
    return { error: "Não foi possível ler o formulário enviado. Tente novamente." };
  }
}

type UploadSchema = ReturnType<typeof privateUploadSchema>;

// What a dialog's loader gives PrivateUploadForm: the select's options (what
// the file may belong to), the one the link asked for when it is among them,
// and the constraints of the form's fields (the schema's input: Conform reads
// none off the transform that follows).
export function uploadDialogData(
  options: { value: number; label: string }[],
  asked: number | null,
  schema: UploadSchema,
) {
  return {
    options,
    chosen: options.some((o) => o.value === asked) ? String(asked) : "",
    constraint: getZodConstraint(schema.in),
  };
}

// The dialogs' action up to the model: the body read, the form parsed. A
// refused one is the dialog's answer (400, `refused`); otherwise the
// submission, what the file belongs to, the file and its bytes, and `refuse`
// for the model's refusals (a field and its message, 400).
export async function readUploadSubmission(
  request: Request,
  { schema, maxBytes, tooLarge }: { schema: UploadSchema; maxBytes: number; tooLarge: string },
) {
  const body = await readPrivateUpload(request, maxBytes, tooLarge);
  if ("error" in body)
    return { ok: false as const, refused: data({ result: null, alert: body.error }, { status: 400 }) };
  const submission = parseWithZod(body.formData, { schema });
  if (submission.status !== "success")
    return { ok: false as const, refused: data({ result: submission.reply(), alert: null }, { status: 400 }) };
  const { id, file } = submission.value;
  const refuse = (field: string, message: string) =>
    data({ result: submission.reply({ fieldErrors: { [field]: [message] } }), alert: null }, { status: 400 });
  return { ok: true as const, submission, id, file, bytes: new Uint8Array(await file.arrayBuffer()), refuse };
}
