import { Outlet } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell";
import { ErrorPage } from "#app/components/site/error-page";
import { requireStaff } from "#app/utils/auth.server";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";
import { pageTitle } from "#app/utils/seo";
import { staffContext } from "#app/utils/staff-context";
import type { Route } from "./+types/layout";

// Every /admin/* page below this layout: the guard runs on the server for each
// loader and action (document and data requests alike), before any of them.
// Every answer below it (pages, .data, errors) is never stored by the browser:
// after logout, Back must not show a lead's name again.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    context.set(staffContext, await requireStaff(request));
    const response = await next();
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return response;
  },
];

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
