import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { log, loggedPath, runWithRequestContext, type RequestContext } from "#app/utils/log.server";

// The first middleware of server.ts: every request gets an id, sent back as
// X-Request-Id and carried by every log line written while it is answered
// (app/utils/log.server.ts), and leaves one access line when its answer ends,
// whatever answered it (a refusal, a static file, the page cache, React
// Router):
//
//   {"time":"…","level":"info","event":"http.request","requestId":"…","method":"GET",
//    "path":"/imoveis?cidade=&pagina=","status":200,"ms":4.2,"cache":"hit","role":"anonymous"}
//
// The id is always ours (a random UUID): an X-Request-Id sent by a client is
// ignored, so nobody outside can choose or repeat the ids of our log.
// `cache` is the page cache's X-Page-Cache (hit, miss, shared, stale; null
// when the cache did not answer); `role` the session's role when the request
// read it. A visitor who left before the end: `aborted`, and `status` null if
// nothing had been sent.
export const REQUEST_ID_HEADER = "X-Request-Id";

export function accessLog(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const context: RequestContext = { requestId: randomUUID(), role: "anonymous" };
    res.setHeader(REQUEST_ID_HEADER, context.requestId);
    res.once("close", () => {
      const finished = res.writableFinished;
      const cache = res.getHeader("X-Page-Cache");
      runWithRequestContext(context, () =>
        log.info("http.request", {
          method: req.method.slice(0, 20),
          path: loggedPath(req.originalUrl),
          status: finished || res.headersSent ? res.statusCode : null,
          ms: Math.round((performance.now() - started) * 10) / 10,
          cache: typeof cache === "string" ? cache : null,
          role: context.role,
          ...(finished ? {} : { aborted: true }),
        }),
      );
    });
    runWithRequestContext(context, next);
  };
}
