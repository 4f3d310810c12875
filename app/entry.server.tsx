import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";
import { isBusyResponse } from "#app/utils/database-busy";
import { failureIdOf } from "#app/utils/failure";
import { log, reasonOf } from "#app/utils/log.server";
import { PRIVATE_CACHE_CONTROL, isPrivateUrl } from "#app/utils/private-paths";
import { NONCE_HEADER } from "#app/utils/request-headers";
import { StylesheetTextContext, stylesheetHref } from "#app/utils/stylesheet";
import { iconSymbols } from "#app/utils/icon-symbols.server";
import { IconSymbolsContext } from "#app/utils/page-icons";

export const streamTimeout = 5_000;

// The built stylesheet, written into every page (app/utils/stylesheet.tsx).
// Read once: the server runs from the project folder, like its static files.
const stylesheetText = import.meta.env.DEV
  ? undefined
  : fs.readFileSync(path.resolve("build/client", `.${stylesheetHref}`), "utf8");

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
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
        <IconSymbolsContext value={iconSymbols}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IconSymbolsContext>
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
          log.error("render.failed", { error });
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

// Every error React Router reports (a loader's, an action's, a render's) is
// one line of the log, with the request's id (app/utils/log.server.ts): a
// refusal, an error answer below 500 (a page that takes no post, a form that
// could not be read), one warn line with its status; anything else, whose
// answer is a 500, an error line with its stack. Two answers were logged
// before they got here (server/failure-answer.ts): a loader's or an action's
// failure (request.failed, with its route), and a locked database (the
// database layer's db.busy). A request the visitor abandoned is not an error.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (failureIdOf(error) !== null || isBusyResponse(error)) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn("request.refused", { status: error.status, reason: refusalReason(error.data, error.statusText) });
    return;
  }
  log.error("request.failed", { error });
};

function refusalReason(data: unknown, statusText: string) {
  const text = typeof data === "string" ? data : (data as { message?: unknown } | null)?.message;
  return typeof text === "string" ? reasonOf(text) : statusText;
}
