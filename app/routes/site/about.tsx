import { Award, Eye, Handshake, Target } from "#app/components/ui/icons";
import { Link } from "react-router";
import { PageHeader } from "#app/components/site/page-header";
import { useAgency } from "#app/utils/root-data";
import { agencyFrom, seo } from "#app/utils/seo";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: "Sobre Nós",
    description: `Conheça a história, a missão e os valores da ${agencyFrom(matches).name}, imobiliária de Três Lagoas - MS.`,
    path: "/sobre-nos",
  });
}

const blocks = [
  {
    icon: Target,
    title: "Missão",
    text: "Ajudar cada família e cada empresa de Três Lagoas a encontrar o imóvel certo, com segurança jurídica, transparência e atendimento humano.",
  },
  {
    icon: Eye,
    title: "Visão",
    text: "Ser a imobiliária mais confiável da Costa Leste de Mato Grosso do Sul, lembrada pela seriedade e pelo cuidado em cada negociação.",
  },
  {
    icon: Handshake,
    title: "Valores",
    text: "Ética, clareza nas informações, respeito ao tempo do cliente e compromisso com a cidade onde vivemos.",
  },
];

const differentials = [
  "Corretores credenciados no CRECI e que conhecem cada bairro da cidade.",
  "Documentação conferida antes do anúncio: menos surpresas na hora de fechar.",
  "Atendimento pelo WhatsApp, por telefone ou na nossa loja no Centro.",
  "Parceria com os principais bancos para simular e aprovar o seu financiamento.",
  "Área do cliente para inquilinos acompanharem contrato, boletos e manutenções.",
];

export default function AboutPage() {
  const agency = useAgency();
  return (
    <>
      <PageHeader title="Sobre Nós" subtitle={`${agency.name} · ${agency.creci}`} />
      <div className="mx-auto max-w-5xl px-4 py-12">
        <section aria-labelledby="historia">
          <h2 id="historia" className="text-2xl font-bold text-brand-800">
            Nossa história
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
            <p>
              A {agency.name} nasceu em Três Lagoas acompanhando o crescimento da cidade. Vimos novos bairros surgirem,
              as indústrias chegarem e muitas famílias escolherem a cidade para viver, e crescemos junto com elas.
            </p>
            <p>
              Hoje atuamos na venda, na locação e no lançamento de empreendimentos, sempre com o mesmo cuidado do
              primeiro dia: ouvir o que o cliente precisa, mostrar apenas imóveis que fazem sentido e acompanhar cada
              etapa até a entrega das chaves.
            </p>
          </div>
        </section>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {blocks.map((b) => (
            <li key={b.title} className="rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <b.icon aria-hidden className="size-8 text-gold-600" />
              <h2 className="mt-3 text-xl font-semibold text-brand-800">{b.title}</h2>
              <p className="mt-2 text-slate-700">{b.text}</p>
            </li>
          ))}
        </ul>
        <section aria-labelledby="diferenciais" className="mt-12">
          <h2 id="diferenciais" className="text-2xl font-bold text-brand-800">
            Nossos diferenciais
          </h2>
          <ul className="mt-4 space-y-3">
            {differentials.map((d) => (
              <li key={d} className="flex gap-3 text-slate-700">
                <Award aria-hidden className="mt-0.5 size-5 shrink-0 text-gold-600" /> {d}
              </li>
            ))}
          </ul>
        </section>
        <div className="mt-12 flex flex-wrap gap-3">
          <Link to="/imoveis" className="rounded-md bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-700">
            Ver imóveis
          </Link>
          <Link
            to="/contato"
            className="rounded-md border border-brand-800 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Fale com a gente
          </Link>
        </div>
      </div>
    </>
  );
}
