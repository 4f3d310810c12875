import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark } from "#app/components/site/logo";
import { useAgency } from "#app/utils/root-data";

// The centred card of the login and password pages: the agency's mark and
// name (a link to the site), the page's title, and a way back to the site.
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const agency = useAgency();
  return (
    <main
      id="conteudo"
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-12"
    >
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className="mb-6 flex flex-col items-center text-center">
          <Link
            to="/"
            reloadDocument
            className="flex items-center gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-12" />
            <span className="text-xl font-bold text-brand-800">{agency.name}</span>
          </Link>
          <h1 className="mt-5 text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {children}
        <p className="mt-8 text-center text-sm">
          <Link to="/" reloadDocument className="font-medium text-brand-700 hover:underline">
            ← Voltar ao site
          </Link>
        </p>
      </div>
    </main>
  );
}
