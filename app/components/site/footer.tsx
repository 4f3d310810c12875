import { Facebook, Instagram, Phone } from "#app/components/ui/icons";
import { Link } from "react-router";
import { whatsappLink } from "#app/config/agency";
import { CATEGORIES } from "#app/models/properties/options";
import { useAgency } from "#app/utils/root-data";
import { LogoMark } from "./logo";
import { WhatsAppIcon } from "./whatsapp-icon";

const institutional = [
  { to: "/sobre-nos", label: "Sobre Nós" },
  { to: "/imoveis", label: "Todos os Imóveis" },
  { to: "/destaques", label: "Destaques" },
  { to: "/empreendimentos", label: "Empreendimentos" },
  { to: "/anunciar", label: "Anuncie seu imóvel" },
  { to: "/contato", label: "Contato" },
  { to: "/privacidade", label: "Política de Privacidade" },
];

export function SiteFooter() {
  const agency = useAgency();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark />
            <div>
              <p className="text-lg font-bold text-white">{agency.name}</p>
              <p className="text-xs text-slate-300">{agency.creci}</p>
            </div>
          </div>
          <p className="mt-4 text-sm leading-relaxed text-slate-300">
            Imobiliária de Três Lagoas especializada em venda, locação e lançamentos. Atendimento próximo, documentação
            conferida e quem conhece a cidade de verdade.
          </p>
          <Link to="/sobre-nos" className="mt-3 inline-block text-sm font-semibold text-gold-400 hover:text-gold-300">
            Saiba mais
          </Link>
          <div className="mt-5 flex gap-3">
            <a
              href={agency.facebook}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Facebook"
              className="rounded-full bg-white/10 p-2.5 hover:bg-white/20"
            >
              <Facebook aria-hidden className="size-5" />
            </a>
            <a
              href={agency.instagram}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Instagram"
              className="rounded-full bg-white/10 p-2.5 hover:bg-white/20"
            >
              <Instagram aria-hidden className="size-5" />
            </a>
            <a
              href={whatsappLink(agency)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="WhatsApp"
              className="rounded-full bg-white/10 p-2.5 hover:bg-white/20"
            >
              <WhatsAppIcon className="size-5" />
            </a>
          </div>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Fale com a gente!</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={whatsappLink(agency)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 hover:text-white"
              >
                <WhatsAppIcon className="size-4" /> {agency.whatsappDisplay}
              </a>
            </li>
            <li>
              <a href={`tel:+${agency.phone}`} className="inline-flex items-center gap-2 hover:text-white">
                <Phone aria-hidden className="size-4" /> {agency.phoneDisplay}
              </a>
            </li>
            <li className="text-slate-300">{agency.email}</li>
            <li className="text-slate-300">{agency.address}</li>
            <li className="text-slate-300">{agency.hours}</li>
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Institucional</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {institutional.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Categorias</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {CATEGORIES.map((c) => (
              <li key={c.slug}>
                <Link to={c.path} className="hover:text-white">
                  {c.shortName}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10 px-4 py-5 text-center text-xs text-slate-300">
        © {year} {agency.legalName} · {agency.creci} · Todos os direitos reservados.
      </div>
    </footer>
  );
}
