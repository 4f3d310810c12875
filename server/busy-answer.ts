import { data, type ServerBuild } from "react-router";
import { isDatabaseBusy } from "#app/db/db.server";
import { BUSY_MESSAGE } from "#app/utils/database-busy";

// The one place where a locked database becomes the 503 page
// (docs/decisions/0030-failure-path-and-log.md).
//
// The database layer throws a plain DatabaseBusyError when a write could not
// get SQLite's lock in time (app/db/busy-retry.server.ts). Every loader,
// action and middleware of the build is wrapped here, once, when server.ts
// loads the build: a DatabaseBusyError that leaves one is thrown on as
// React Router's public `data(BUSY_MESSAGE, { status: 503 })`, which the
// nearest error boundary renders (isBusyResponse in app/utils/database-busy.ts)
// for a document and for a .data request alike; root's middleware adds
// Retry-After to every 503. Any other error goes on untouched.
//
// Why not elsewhere: React Router hands an error boundary (and the browser) a
// thrown Error only as "Unexpected Server Error" in production, so neither
// handleError nor a boundary can tell the busy case once the error left the
// loader; and a middleware's next() never throws a loader's error. The build
// (ServerBuild, what createRequestHandler takes) is the one spot that sees
// every route function before React Router does.

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

async function answeringBusy<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseBusy(error)) throw data(BUSY_MESSAGE, { status: 503, statusText: "Service Unavailable" });
    throw error;
  }
}

export function busyAnswering(module: RouteModule): RouteModule {
  const { loader, action, middleware } = module;
  return {
    ...module,
    loader: loader && ((args) => answeringBusy(() => loader(args))),
    action: action && ((args) => answeringBusy(() => action(args))),
    middleware: middleware?.map((fn) => (args, next) => answeringBusy(() => fn(args, next))),
  };
}

export function withBusyAnswer<B extends ServerBuild>(build: B): B {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes))
    routes[id] = route && { ...route, module: busyAnswering(route.module) };
  return { ...build, routes };
}
