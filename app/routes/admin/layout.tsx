import { Outlet } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell";
import { ErrorPage } from "#app/components/site/error-page";
import { requireStaff } from "#app/utils/auth.server";
import { privateArea } from "#app/utils/private-area";
import { pageTitle } from "#app/utils/seo";
import { staffContext } from "#app/utils/staff-context";
import type { Route } from "./+types/layout";

// Every /admin/* page below this layout (app/utils/private-area.ts).
export const middleware: Route.MiddlewareFunction[] = [privateArea(staffContext, requireStaff)];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Painel Administrativo") }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  return { user: { name: user.name, role: user.role } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
