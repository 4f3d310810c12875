import { Outlet } from "react-router";
import { ErrorPage } from "#app/components/site/error-page";
import { requireClient } from "#app/utils/auth.server";
import { clientContext } from "#app/utils/client-context";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";
import type { Route } from "./+types/layout";

// The client area: the guard runs on the server for each loader and action
// below it (documents and data requests alike). Nothing below it is stored by
// the browser.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    try {
      context.set(clientContext, await requireClient(request));
    } catch (refusal) {
      // The redirect to /client-login is not stored either.
      if (refusal instanceof Response) refusal.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      throw refusal;
    }
    const response = await next();
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return response;
  },
];

export default function ClientLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
