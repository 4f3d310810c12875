import { data, type ServerBuild } from "react-router";
import { isDatabaseBusy } from "#app/db/db.server";
import { BUSY_MESSAGE } from "#app/utils/database-busy";
import type { FailureAnswer } from "#app/utils/failure";
import { log, requestContext } from "#app/utils/log.server";

// The one place where a route's failure becomes its answer
// (docs/decisions/0030-failure-path-and-log.md, 0056-failures-reach-the-error-page.md).
// Every loader, action and middleware of the build is wrapped here, once, when
// server.ts loads the build:
//
// - A DatabaseBusyError (the database layer could not get SQLite's lock in
//   time, app/db/busy-retry.server.ts) is thrown on as React Router's public
//   `data(BUSY_MESSAGE, { status: 503 })`, which the nearest error boundary
//   renders (isBusyResponse in app/utils/database-busy.ts); root's middleware
//   adds Retry-After to every 503.
// - Any other Error is a failure of ours: logged here as `request.failed`
//   with its stack, the route's id and the request's id, and thrown on as
//   `data({ requestId }, { status: 500 })`, so the error page shows the id
//   that finds that line (FailureCode, app/utils/failure.tsx).
// - Anything else thrown (a redirect, a Response, `data()`: answers chosen on
//   purpose) goes on untouched.
//
// Why here: React Router hands an error boundary (and the browser) a thrown
// Error only as "Unexpected Server Error" in production, so neither
// handleError nor a boundary can tell the busy case or carry an id once the
// error left the loader; and a middleware's next() never throws a loader's
// error. The build (ServerBuild, what createRequestHandler takes) is the one
// spot that sees every route function before React Router does.

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

async function answeringFailures<T>(
  routeId: string,
  step: FailureAnswer["step"],
  work: () => Promise<T> | T,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseBusy(error)) throw data(BUSY_MESSAGE, { status: 503, statusText: "Service Unavailable" });
    if (!(error instanceof Error)) throw error;
    log.error("request.failed", { route: routeId, step, error });
    const answer: FailureAnswer = { requestId: requestContext()?.requestId ?? "", step };
    throw data(answer, { status: 500, statusText: "Internal Server Error" });
  }
}

export function failureAnswering(module: RouteModule, routeId = "route"): RouteModule {
  const { loader, action, middleware } = module;
  return {
    ...module,
    loader: loader && ((args) => answeringFailures(routeId, "loader", () => loader(args))),
    action: action && ((args) => answeringFailures(routeId, "action", () => action(args))),
    middleware: middleware?.map((fn) => (args, next) => answeringFailures(routeId, "middleware", () => fn(args, next))),
  };
}

export function withFailureAnswers<B extends ServerBuild>(build: B): B {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes))
    routes[id] = route && { ...route, module: failureAnswering(route.module, id) };
  return { ...build, routes };
}
