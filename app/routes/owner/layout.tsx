import { NavLink, Outlet } from "react-router";
import { ClientAreaHeader } from "#app/components/client/client-area-header";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb } from "#app/db/db.server";
import { getClientForUser } from "#app/models/clients/portal.server";
import { requireOwner } from "#app/utils/auth.server";
import { ownerContext } from "#app/utils/owner-context";
import { privateArea } from "#app/utils/private-area";
import { OWNER_AREA } from "#app/components/owner/owner-ui";
import type { Route } from "./+types/layout";

// The owner's area (issue 37, docs/decisions/0077-owner-area.md): each owner
// sees only their own rows; the guard runs before every loader and action
// below (app/utils/private-area.ts). Its pages are links, so the area works
// without JavaScript; a person who is also a tenant has the link to the
// client area in the header.
export const middleware: Route.MiddlewareFunction[] = [privateArea(ownerContext, requireOwner)];

export async function loader({ context }: Route.LoaderArgs) {
  const { owner, user } = context.get(ownerContext);
  return { ownerName: owner.name, alsoTenant: (await getClientForUser(getDb(), user.id)) !== null };
}

const NAV = [
  { to: OWNER_AREA, label: "Resumo", end: true },
  { to: `${OWNER_AREA}/imoveis`, label: "Imóveis", end: false },
  { to: `${OWNER_AREA}/extratos`, label: "Extratos", end: false },
  { to: `${OWNER_AREA}/informes`, label: "Informes", end: false },
  { to: `${OWNER_AREA}/dados-bancarios`, label: "Dados bancários", end: false },
] as const;

export default function OwnerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <main id="conteudo" className="min-h-screen bg-slate-50">
      <ClientAreaHeader
        clientName={loaderData.ownerName}
        areaLabel="Área do Proprietário"
        otherArea={loaderData.alsoTenant ? { to: "/client-area", label: "Área do Inquilino" } : null}
      />
      <div className="mx-auto max-w-6xl px-4 py-6">
        {/* Pills that wrap: at 375 px every page, the current one included, stays in sight. */}
        <nav aria-label="Área do Proprietário">
          <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-200/70 p-1">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink
                  to={n.to}
                  end={n.end}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-semibold sm:px-4 ${isActive ? "bg-white text-brand-900 shadow-sm ring-1 ring-slate-200" : "text-slate-700 hover:bg-white/60"}`
                  }
                >
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 space-y-6">
          <Outlet />
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
