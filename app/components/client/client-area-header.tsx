import { Form, Link } from "react-router";
import { LogoMark } from "#app/components/site/logo";
import { LogOut } from "#app/components/ui/private-icons";
import { useAgency } from "#app/utils/root-data";

// The client area's header (routes/client/area.tsx and its pages), and the
// owner's area's (routes/owner/): the agency's mark back to the site, the
// person's name, "Sair"; for a person who is both tenant and owner, the link
// to the other area (decision 0077).
export function ClientAreaHeader({
  clientName,
  areaLabel = "Área do Cliente",
  otherArea,
}: {
  clientName: string;
  areaLabel?: string;
  otherArea?: { to: string; label: string } | null;
}) {
  const agency = useAgency();
  return (
    <header className="bg-brand-900 text-white">
      {/* The agency's mark and name lead back to the site, as "Voltar ao site" does. */}
      <div className="border-b border-white/15">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Link
            to="/"
            reloadDocument
            className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <LogoMark className="size-9" />
            <span className="text-lg font-bold">{agency.name}</span>
          </Link>
          <Link
            to="/"
            reloadDocument
            className="rounded-md text-sm font-medium text-brand-100 hover:text-white hover:underline"
          >
            ← Voltar ao site
          </Link>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-5">
        <div>
          <p className="text-sm text-brand-100">{areaLabel}</p>
          <h1 className="text-2xl font-bold break-words">Bem-vindo(a), {clientName}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {otherArea ? (
            <Link
              to={otherArea.to}
              className="rounded-md bg-white px-4 py-2 font-semibold text-brand-900 hover:bg-brand-50"
            >
              {otherArea.label}
            </Link>
          ) : null}
          <Form method="post" action="/client-logout">
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-md border border-white/40 px-4 py-2 font-semibold hover:bg-white/10"
            >
              <LogOut aria-hidden className="size-4" /> Sair
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}
