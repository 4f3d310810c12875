import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, isRouteErrorResponse, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "react-router";
import { PRIVATE_CACHE_CONTROL, isPrivateUrl } from "#app/utils/private-paths";
import { NONCE_HEADER } from "#app/utils/request-headers";
import { StylesheetTextContext, stylesheetHref } from "#app/utils/stylesheet";

export const streamTimeout = 5_000;

// The built stylesheet, written into every page (app/utils/stylesheet.tsx).
// Read once: the server runs from the project folder, like its static files.
const stylesheetText = import.meta.env.DEV ? undefined : fs.readFileSync(path.resolve("build/client", `.${stylesheetHref}`), "utf8");

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  // The login pages are outside the admin layout (whose middleware does the
  // same for the pages behind it).
  if (isPrivateUrl(request.url)) responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Minted per request by server.ts, which always overwrites the header (a
  // visitor cannot choose it).
  const nonce = request.headers.get(NONCE_HEADER) ?? undefined;

  // Pages are rendered whole (onAllReady): we do not stream Suspense
  // boundaries, and slow phones get one complete document. React then writes
  // it into memory in one go, and the answer is one buffer: through a stream
  // with backpressure (16 KB at a time), React wrote each page in many small
  // turns interleaved with every other page being sent, so under load a page
  // finished long after it was rendered (docs/decisions/0016).
  return new Promise((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetTextContext value={stylesheetText}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetTextContext>,
      {
        nonce,
        onAllReady() {
          const chunks: Uint8Array[] = [];
          const sink = new Writable({
            highWaterMark: Number.MAX_SAFE_INTEGER,
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

// The .data answers of the same pages.
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (isPrivateUrl(request.url)) response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return response;
};

// Refusals React Router makes itself (a post from another origin, which
// server/request-pipeline.ts normally refuses first; a method a page does not
// take) and any 4xx are one line in the log; real failures keep their stack.
// A request the visitor abandoned is not an error.
function refusalOf(error: unknown): { status: number; reason: string } | null {
  const inner = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  const message = inner instanceof Error ? inner.message.split("\n")[0] : "";
  if (isRouteErrorResponse(error) && error.status < 500) return { status: error.status, reason: message || error.statusText };
  if (/origin/i.test(message) && /Aborting the action/.test(message)) return { status: 400, reason: `cross-origin action (${message})` };
  if (message === "Bad Request") return { status: 400, reason: "refused by React Router (cross-origin data request)" };
  return null;
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const refusal = refusalOf(error);
  if (!refusal) return console.error(error);
  const pathname = new URL(request.url).pathname;
  console.warn(`[recusado] ${refusal.status} ${request.method} ${JSON.stringify(pathname.slice(0, 200))}: ${refusal.reason}`);
};
