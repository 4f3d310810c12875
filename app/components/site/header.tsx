import { ChevronDown, ExternalLink, Menu, Search, UserRound, X } from "#app/components/ui/icons";
import { Link, NavLink } from "react-router";
import { useAgency } from "#app/utils/root-data";
import { LogoMark } from "./logo";
import { SiteSearchForm } from "./site-search-form";

const navLinks = [
  { to: "/destaques", label: "Destaques" },
  { to: "/anunciar-imovel", label: "Anunciar imóvel" },
  { to: "/sobre-nos", label: "Sobre Nós" },
  { to: "/contato", label: "Contato" },
];

const logoMenu = [
  { to: "/", label: "Página Inicial" },
  { to: "/empreendimentos", label: "Empreendimentos" },
  { to: "/imoveis-usados", label: "Imóveis Usados" },
  { to: "/admin", label: "Área Administrativa" },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 ${isActive ? "text-brand-800 underline underline-offset-8" : "text-slate-700"}`;

// Dropdowns and the mobile menu are <details>, so they open without
// JavaScript; the site's script (header.enhance.ts) names the menu's button
// after its state and puts the focus in the search box it opens. Every link
// loads a new page, which starts with them closed.
export function SiteHeader() {
  const agency = useAgency();

  return (
    <>
      <div className="bg-gold-500 px-4 py-1.5 text-center text-xs font-medium text-brand-900 sm:text-sm">
        {agency.welcome}
      </div>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <details className="group relative">
            <summary className="flex cursor-pointer items-center gap-2 rounded-md py-1 focus-visible:outline-2 focus-visible:outline-brand-600">
              <LogoMark />
              <span className="flex flex-col leading-tight">
                <span className="text-lg font-bold text-brand-800">{agency.name}</span>
                <span className="text-[11px] font-medium text-slate-600">{agency.creci}</span>
              </span>
              <ChevronDown aria-hidden className="size-4 text-slate-500 transition group-open:rotate-180" />
              <span className="sr-only">Abrir menu do site</span>
            </summary>
            <ul className="absolute left-0 mt-2 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
              {logoMenu.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="block px-4 py-2.5 text-sm text-slate-800 hover:bg-brand-50">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>

          <nav aria-label="Principal" className="hidden items-center gap-1 lg:flex">
            {agency.simulatorUrl ? (
              <a
                href={agency.simulatorUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
              >
                Fazer simulação <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">(abre em nova aba)</span>
              </a>
            ) : (
              <NavLink to="/simulador" className={navClass}>
                Fazer simulação
              </NavLink>
            )}
            {navLinks.map((l) => (
              <NavLink key={l.to} to={l.to} className={navClass}>
                {l.label}
              </NavLink>
            ))}
            {/* autoFocus only works when the page loads: with JavaScript the
                field takes the focus each time the visitor opens the box. */}
            <details className="relative" data-search-box>
              <summary
                className="cursor-pointer rounded-md p-2 text-slate-700 hover:bg-brand-50"
                aria-label="Abrir busca"
              >
                <Search aria-hidden className="size-5" />
              </summary>
              <div className="absolute right-0 mt-2 w-96 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
                <SiteSearchForm id="header-search" autoFocus />
              </div>
            </details>
            <Link
              to="/client-area"
              className="ml-2 inline-flex items-center gap-2 rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-gold-400"
            >
              <UserRound aria-hidden className="size-4" /> Área do Cliente
            </Link>
          </nav>

          <details className="group lg:hidden" data-mobile-menu>
            <summary
              className="cursor-pointer rounded-md p-2 text-brand-800 hover:bg-brand-50"
              aria-label="Abrir menu"
              data-testid="mobile-menu-toggle"
            >
              <Menu aria-hidden className="size-7 group-open:hidden" />
              <X aria-hidden className="hidden size-7 group-open:block" />
            </summary>
            <div className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-3 pb-6 shadow-lg">
              <nav aria-label="Menu móvel" className="flex flex-col">
                <div className="py-2">
                  <SiteSearchForm id="mobile-search" />
                </div>
                {agency.simulatorUrl ? (
                  <a
                    href={agency.simulatorUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="border-b border-slate-100 py-3 font-medium text-slate-800"
                  >
                    Fazer simulação <span className="sr-only">(abre em nova aba)</span>
                  </a>
                ) : (
                  <Link to="/simulador" className="border-b border-slate-100 py-3 font-medium text-slate-800">
                    Fazer simulação
                  </Link>
                )}
                {navLinks.map((l) => (
                  <Link key={l.to} to={l.to} className="border-b border-slate-100 py-3 font-medium text-slate-800">
                    {l.label}
                  </Link>
                ))}
                <Link to="/admin" className="border-b border-slate-100 py-3 font-medium text-slate-800">
                  Área Administrativa
                </Link>
                <Link
                  to="/client-area"
                  className="mt-4 rounded-md bg-gold-500 px-4 py-3 text-center font-semibold text-brand-900"
                >
                  Área do Cliente
                </Link>
              </nav>
            </div>
          </details>
        </div>
      </header>
    </>
  );
}
