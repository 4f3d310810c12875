import { AgencyContactList, MapEmbed } from "#app/components/site/agency-contact";
import { PageHeader } from "#app/components/site/page-header";
import { WhatsAppIcon } from "#app/components/site/whatsapp-icon";
import { whatsappLink } from "#app/config/agency";
import { useAgency } from "#app/utils/root-data";
import { agencyFrom, seo } from "#app/utils/seo";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: "Contato",
    description: `Endereço, telefone, WhatsApp, email e horário de atendimento da ${agencyFrom(matches).name} em Três Lagoas - MS.`,
    path: "/contato",
  });
}

export default function ContactPage() {
  const agency = useAgency();
  return (
    <>
      <PageHeader title="Contato" subtitle="Estamos prontos para atender você." />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-2">
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-xl font-semibold text-brand-800">{agency.name}</h2>
          <p className="mb-5 text-sm text-slate-600">{agency.creci}</p>
          <AgencyContactList />
          <a
            href={whatsappLink(agency)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-flex items-center gap-2 rounded-md bg-[#157a3f] px-5 py-3 font-semibold text-white hover:bg-[#0f6331]"
          >
            <WhatsAppIcon className="size-5" /> Chamar no WhatsApp
          </a>
        </div>
        <MapEmbed query={agency.mapQuery} title={`Mapa: localização da ${agency.name}`} />
      </div>
    </>
  );
}
