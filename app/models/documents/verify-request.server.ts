import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { overRateLimit } from "#app/models/accounts/throttle.server";
import { log } from "#app/utils/log.server";
import { CLIENT_IP_HEADER } from "#app/utils/request-headers";
import { parseMultipartForm, UploadRefusedError } from "#app/utils/uploads.server";

// The request side of /verificar (decision 0079): how often an address may
// ask, and the uploaded file read only to hash it (never kept).

// Per address, in the login throttle's 15-minute windows: a person checks a
// few documents; a script walking codes or hashing big files is stopped.
export const VERIFY_LIMIT = 30;
export const MAX_CHECK_BYTES = 20 * 1024 * 1024;

export function verifyThrottled(db: Kysely<Database>, request: Request) {
  return overRateLimit(db, `verify:${request.headers.get(CLIENT_IP_HEADER) ?? "unknown"}`, VERIFY_LIMIT);
}

export type UploadedHash = { ok: true; sha256: string } | { ok: false; reason: "missing" | "too-large" | "unreadable" };

// The SHA-256 of the one file posted as `arquivo`, streamed (the bytes are
// hashed as they arrive and dropped).
export async function hashUpload(request: Request): Promise<UploadedHash> {
  let digest: string | null = null;
  try {
    await parseMultipartForm(
      request,
      { maxFiles: 1, maxFileSize: MAX_CHECK_BYTES, maxTotalSize: MAX_CHECK_BYTES + 64 * 1024, maxParts: 4 },
      async (file) => {
        if (file.fieldName !== "arquivo" || file.size === 0) return null;
        const hash = createHash("sha256");
        for await (const chunk of file.stream()) hash.update(chunk);
        digest = hash.digest("hex");
        return null;
      },
    );
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error;
    log.warn("upload.refused", { form: "document check", reason: error.reason });
    const large = error.reason === "file-too-large" || error.reason === "body-too-large";
    return { ok: false, reason: large ? "too-large" : "unreadable" };
  }
  return digest ? { ok: true, sha256: digest } : { ok: false, reason: "missing" };
}
