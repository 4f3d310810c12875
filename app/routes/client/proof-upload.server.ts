import { MAX_PROOF_BYTES } from "#app/models/payment-proofs/proofs.schema";
import { log } from "#app/utils/log.server";
import { parseMultipartForm, UploadRefusedError } from "#app/utils/uploads.server";

// The upload side of "Já paguei": one file and a few text fields, streamed
// with hard caps. A file above MAX_PROOF_BYTES (up to the hard cap) is
// dropped and said so, keeping the typed fields; past the hard cap the body
// is cut short and the fields are lost with it.

const HARD_MAX_PART = MAX_PROOF_BYTES + 6 * 1024 * 1024;
const LIMITS = {
  maxFiles: 1,
  maxFileSize: HARD_MAX_PART,
  maxParts: 10,
  maxHeaderSize: 8 * 1024,
  maxTotalSize: HARD_MAX_PART + 64 * 1024,
};

export type ProofBody =
  { ok: true; formData: FormData } | { ok: false; formData: FormData | null; reason: "too-large" | "unreadable" };

export async function readProofForm(request: Request): Promise<ProofBody> {
  let tooLarge = false;
  try {
    const formData = await parseMultipartForm(request, LIMITS, (file) => {
      if (file.fieldName !== "file" || file.size === 0) return null;
      if (file.size > MAX_PROOF_BYTES) {
        tooLarge = true;
        return null;
      }
      return file;
    });
    return tooLarge ? { ok: false, formData, reason: "too-large" } : { ok: true, formData };
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    log.warn("upload.refused", { form: "payment proof", reason: error.reason });
    const large = error.reason === "file-too-large" || error.reason === "body-too-large";
    return { ok: false, formData: null, reason: large ? "too-large" : "unreadable" };
  }
}
