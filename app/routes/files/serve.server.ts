import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { getDb } from "#app/db/db.server";
import type { FileViewer, PrivateFile } from "#app/models/files/access.server";
import { getClientForUser } from "#app/models/clients/portal.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { getSessionUser } from "#app/utils/auth.server";
import { contentDisposition } from "#app/utils/content-disposition";
import { nameWithExtension } from "#app/utils/file-names";
import { parseId } from "#app/utils/http.server";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";

// The private file routes (docs/decisions/0024-private-files.md): who asks is
// checked first, then the row (app/models/files/access.server.ts) and the file.
// Every refusal is the same 404: another client's file, a guessed id, a deleted
// file. X-Content-Type-Options: nosniff is on every answer of the server
// already.

const INLINE_TYPES = new Set(["application/pdf", "image/jpeg", "image/png", "image/webp"]);

function notFound() {
  return new Response("Arquivo não encontrado.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
  });
}

async function viewerOf(request: Request): Promise<FileViewer | null> {
  const session = await getSessionUser(request);
  if (session.status !== "ok") return null;
  if (session.user.role === "master" || session.user.role === "admin") return { kind: "staff" };
  if (session.user.role !== "client") return null;
  const client = await getClientForUser(getDb(), session.user.id);
  return client ? { kind: "client", clientId: client.id } : null;
}

export async function servePrivateFile(
  request: Request,
  rawId: string | undefined,
  find: (db: ReturnType<typeof getDb>, id: number, viewer: FileViewer) => Promise<PrivateFile | null>,
) {
  const id = parseId(rawId);
  if (id === null) return notFound();
  const viewer = await viewerOf(request);
  if (!viewer) return notFound();
  const file = await find(getDb(), id, viewer);
  if (!file) return notFound();
  let size: number;
  let filePath: string;
  try {
    filePath = privateFilePath(file.file_key);
    const stat = await fs.stat(filePath);
    if (!stat.isFile()) return notFound();
    size = stat.size;
  } catch {
    return notFound();
  }
  const download = new URL(request.url).searchParams.get("download") === "1";
  const inline = !download && INLINE_TYPES.has(file.mime_type);
  const headers = {
    "Content-Type": file.mime_type,
    "Content-Length": String(size),
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", nameWithExtension(file.file_name, file.mime_type)),
    "Cache-Control": PRIVATE_CACHE_CONTROL,
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  const stream = Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>;
  return new Response(stream, { headers });
}
