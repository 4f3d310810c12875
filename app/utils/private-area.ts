import type { MiddlewareFunction, RouterContext } from "react-router";
import { PRIVATE_CACHE_CONTROL } from "./private-paths";

// The middleware of a private area's layout (the back office, the client
// area): the guard runs on the server before every loader and action below
// it, documents and data requests alike, and puts who is signed in into the
// context. Nothing it answers is stored by a browser, the guard's own
// redirect to the login included: after logout, Back must not show a
// tenant's bill or a lead's name again.
export function privateArea<T>(
  key: RouterContext<T>,
  guard: (request: Request) => Promise<T>,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    try {
      context.set(key, await guard(request));
    } catch (refusal) {
      if (refusal instanceof Response) refusal.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      throw refusal;
    }
    const response = await next();
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return response;
  };
}
