import { ExternalLink } from "#app/components/ui/icons";
import { LogOut } from "#app/components/ui/private-icons";
import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { LogoMark } from "#app/components/site/logo";

const links = [
  { to: "/admin/dashboard", label: "Painel" },
  { to: "/admin/properties", label: "Imóveis" },
  { to: "/admin/banners", label: "Banners" },
  { to: "/admin/requests", label: "Imóveis Ideais" },
  { to: "/admin/listings", label: "Anúncios" },
  { to: "/admin/clients", label: "Clientes" },
  { to: "/admin/emails", label: "Emails" },
];

export function AdminShell({ user, children }: { user: { name: string; role: string }; children: ReactNode }) {
  // Staff accounts, the audit trail and LGPD requests are the master's alone (the pages check it too).
  const all =
    user.role === "master"
      ? [
          ...links,
          { to: "/admin/equipe", label: "Equipe" },
          { to: "/admin/auditoria", label: "Auditoria" },
          { to: "/admin/privacidade", label: "Privacidade" },
        ]
      : links;
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
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? "bg-white text-brand-900" : "text-slate-200 hover:bg-white/10"}`
              }
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
      </header>
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
