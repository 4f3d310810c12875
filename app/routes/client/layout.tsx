import { Outlet } from "react-router";
import { ErrorPage } from "#app/components/site/error-page";
import { requireClient } from "#app/utils/auth.server";
import { clientContext } from "#app/utils/client-context";
import { privateArea } from "#app/utils/private-area";
import type { Route } from "./+types/layout";

// The client area: each tenant sees only their own rows (app/utils/private-area.ts).
export const middleware: Route.MiddlewareFunction[] = [privateArea(clientContext, requireClient)];

export default function ClientLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
