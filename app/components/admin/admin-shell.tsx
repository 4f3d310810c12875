import { ExternalLink } from "#app/components/ui/icons";
import { LogOut } from "#app/components/ui/private-icons";
import type { ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { LogoMark } from "#app/components/site/logo";
import { FINANCE_LINKS, MASTER_LINKS, SECTION_LINKS, currentFinanceLink, currentSection } from "./admin-nav";

export function AdminShell({ user, children }: { user: { name: string; role: string }; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const all = user.role === "master" ? [...SECTION_LINKS, ...MASTER_LINKS] : SECTION_LINKS;
  const section = currentSection(pathname, search);
  const financePage = currentFinanceLink(pathname, search);
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="/admin/dashboard" className="flex items-center gap-2">
            <LogoMark className="size-8" />
            <span className="font-semibold">Painel Administrativo</span>
          </a>
          <div className="flex items-center gap-2 text-sm">
            <NavLink to="/admin/perfil" className="rounded px-2 py-1 hover:bg-white/10">
              {user.name}
            </NavLink>
            <a
              href="/"
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-white/10"
            >
              Ver site <ExternalLink aria-hidden className="size-3.5" />
            </a>
            <Form method="post" action="/admin/logout">
              <button
                type="submit"
                className="inline-flex items-center gap-1 rounded bg-white/10 px-3 py-1.5 font-medium hover:bg-white/20"
              >
                <LogOut aria-hidden className="size-4" /> Sair
              </button>
            </Form>
          </div>
        </div>
        {/* Wraps on phones, so every tab ("Anúncios", "Equipe"...) is in view
            without a sideways scroll that nothing hints at. */}
        <nav aria-label="Administração" className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 pb-2">
          {all.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              aria-current={l.to === section ? "page" : undefined}
              className={`rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${l.to === section ? "bg-white text-brand-900" : "text-slate-200 hover:bg-white/10"}`}
            >
              {l.label}
            </Link>
          ))}
        </nav>
      </header>
      {financePage ? (
        <nav aria-label="Financeiro" className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-wrap gap-x-1 px-4">
            {FINANCE_LINKS.map((l) => (
              <Link
                key={l.to}
                to={l.to}
                aria-current={l.to === financePage ? "page" : undefined}
                className={`-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${l.to === financePage ? "border-brand-800 text-brand-900" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
              >
                {l.label}
              </Link>
            ))}
          </div>
        </nav>
      ) : null}
      <main id="conteudo" className="mx-auto max-w-7xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}

export function AdminTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
