import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { data, type MiddlewareFunction } from "react-router";
import { getDb } from "#app/db/db.server";
import type { FileViewer, PrivateFile } from "#app/models/files/access.server";
import { getClientForUser } from "#app/models/clients/portal.server";
import { getOwnerForUser } from "#app/models/owners/portal.server";
import { otherLeaseIds } from "#app/models/leases/tenant-leases.server";
import { stampPdf } from "#app/models/files/pdf-stamp.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { getSessionUser } from "#app/utils/auth.server";
import { contentDisposition } from "#app/utils/content-disposition";
import { nameWithExtension } from "#app/utils/file-names";
import { parseId } from "#app/utils/http.server";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";

// The private file routes (docs/decisions/0024-private-files.md): who asks is
// checked first, then the row (app/models/files/access.server.ts) and the
// file. Every refusal is the same 404: another client's file, a guessed id, a
// deleted file, and it is the site's own 404 page (the routes sit in the site
// layout). The route's middleware answers with the file itself when there is
// one to give; otherwise the request goes on to the route's loader, which
// throws the 404. X-Content-Type-Options: nosniff is on every answer of the
// server already.

const INLINE_TYPES = new Set(["application/pdf", "image/jpeg", "image/png", "image/webp"]);

export async function viewerOf(request: Request): Promise<FileViewer | null> {
  const session = await getSessionUser(request);
  if (session.status !== "ok") return null;
  if (session.user.role === "master" || session.user.role === "admin") return { kind: "staff" };
  if (session.user.role !== "client") return null;
  const db = getDb();
  const [client, owner] = await Promise.all([
    getClientForUser(db, session.user.id),
    getOwnerForUser(db, session.user.id),
  ]);
  if (!client && !owner) return null;
  return {
    kind: "client",
    clientId: client?.id ?? null,
    otherLeaseIds: client ? await otherLeaseIds(db, client.id) : [],
    ownerId: owner?.id ?? null,
  };
}

type Finder = (db: ReturnType<typeof getDb>, id: number, viewer: FileViewer) => Promise<PrivateFile | null>;

// The file's answer, or null when there is none for this person.
async function fileResponse(request: Request, rawId: string | undefined, find: Finder): Promise<Response | null> {
  const id = parseId(rawId);
  if (id === null) return null;
  const viewer = await viewerOf(request);
  if (!viewer) return null;
  const file = await find(getDb(), id, viewer);
  if (!file) return null;
  let size: number;
  let filePath: string;
  try {
    filePath = privateFilePath(file.file_key);
    const stat = await fs.stat(filePath);
    if (!stat.isFile()) return null;
    size = stat.size;
  } catch {
    return null;
  }
  const download = new URL(request.url).searchParams.get("download") === "1";
  const inline = !download && INLINE_TYPES.has(file.mime_type);
  const headers = {
    "Content-Type": file.mime_type,
    "Content-Length": String(size),
    "Content-Disposition": contentDisposition(
      inline ? "inline" : "attachment",
      nameWithExtension(file.file_name, file.mime_type),
    ),
    "Cache-Control": PRIVATE_CACHE_CONTROL,
  };
  if (file.stamp && file.mime_type === "application/pdf") {
    const stamped = await stampPdf(await fs.readFile(filePath), file.stamp);
    const sized = { ...headers, "Content-Length": String(stamped.byteLength) };
    return new Response(request.method === "HEAD" ? null : Buffer.from(stamped), { headers: sized });
  }
  if (request.method === "HEAD") return new Response(null, { headers });
  const stream = Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>;
  return new Response(stream, { headers });
}

// The middleware of a file route: the file (to a GET or HEAD), or on to the
// loader's 404 page (never stored either); a post goes on to React Router's
// 405, as on any page without an action.
export function privateFile(find: Finder): MiddlewareFunction<Response> {
  return async ({ request, params }, next) => {
    const file =
      request.method === "GET" || request.method === "HEAD" ? await fileResponse(request, params.id, find) : null;
    if (file) return file;
    const page = await next();
    page.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return page;
  };
}

// The loader of a file route, reached only when the middleware had no file to give.
export function fileNotFound(): never {
  throw data({ message: "Arquivo não encontrado" }, { status: 404 });
}
