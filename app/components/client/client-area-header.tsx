import { Form, Link } from "react-router";
import { LogoMark } from "#app/components/site/logo";
import { LogOut } from "#app/components/ui/private-icons";
import { useAgency } from "#app/utils/root-data";

// The client area's header (routes/client/area.tsx and its pages): the
// agency's mark back to the site, the tenant's name, "Sair".
export function ClientAreaHeader({ clientName }: { clientName: string }) {
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
          <p className="text-sm text-brand-100">Área do Cliente</p>
          <h1 className="text-2xl font-bold">Bem-vindo(a), {clientName}</h1>
        </div>
        <Form method="post" action="/client-logout">
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-md border border-white/40 px-4 py-2 font-semibold hover:bg-white/10"
          >
            <LogOut aria-hidden className="size-4" /> Sair
          </button>
        </Form>
      </div>
    </header>
  );
}
