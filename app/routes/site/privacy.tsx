import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "#app/components/site/page-header";
import { whatsappLink } from "#app/config/agency";
import { getEnv } from "#app/utils/env.server";
import { useAgency } from "#app/utils/root-data";
import { agencyFrom, seo } from "#app/utils/seo";
import { FISCAL_GONE, FISCAL_HOW_LONG, FISCAL_KEPT, FISCAL_WHY } from "#app/models/privacy/fiscal-retention";
import type { Route } from "./+types/privacy";

// /privacidade: the privacy policy (LGPD, Lei 13.709/2018) in plain words:
// who controls the data, what each form collects and why, how long it is
// kept, the rights of art. 18 and how to exercise them. The retention period
// is the one the hourly job applies (PRIVACY_RETENTION_MONTHS).
export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: "Política de Privacidade",
    description: `Como a ${agencyFrom(matches).name} trata os seus dados pessoais: o que coletamos, por quê, por quanto tempo e como exercer os seus direitos (LGPD).`,
    path: "/privacidade",
  });
}

export function loader() {
  return { retentionMonths: getEnv().PRIVACY_RETENTION_MONTHS };
}

const UPDATED = "22/11/2026";

const RIGHTS = [
  "confirmar se tratamos dados seus e ter acesso a eles;",
  "corrigir dados incompletos, inexatos ou desatualizados;",
  "pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desacordo com a lei;",
  "receber os seus dados em formato estruturado (portabilidade), para levá-los a outro fornecedor;",
  "pedir a eliminação dos dados tratados com o seu consentimento;",
  "saber com quem compartilhamos os seus dados;",
  "saber que pode não dar o consentimento e o que acontece se não der;",
  "revogar o consentimento a qualquer momento.",
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-brand-800 sm:text-2xl">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

function Purpose({ title, data, why }: { title: string; data: string; why: string }) {
  return (
    <li className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="mt-2">
        <span className="font-medium text-slate-900">O que coletamos:</span> {data}
      </p>
      <p className="mt-1">
        <span className="font-medium text-slate-900">Para quê:</span> {why}
      </p>
    </li>
  );
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const agency = useAgency();
  const months = loaderData.retentionMonths;
  const period = months % 12 === 0 ? `${months / 12} ${months === 12 ? "ano" : "anos"}` : `${months} meses`;
  const link = "font-medium text-brand-700 underline hover:text-brand-800";
  return (
    <>
      <PageHeader
        title="Política de Privacidade"
        subtitle="Como cuidamos dos seus dados pessoais, conforme a Lei Geral de Proteção de Dados (LGPD)"
      />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-10 sm:py-12">
        <Section id="controlador" title="Quem cuida dos seus dados">
          <p>
            A controladora dos dados pessoais tratados neste site é a <strong>{agency.legalName}</strong> ({agency.name}
            , {agency.creci}), com endereço em {agency.address}. É ela quem decide como os dados são usados e responde
            por eles.
          </p>
          <p>
            Para qualquer assunto sobre os seus dados, fale com a nossa equipe pelo email{" "}
            <a href={`mailto:${agency.email}`} className={link}>
              {agency.email}
            </a>{" "}
            ou pelo WhatsApp{" "}
            <a
              href={whatsappLink(agency, "Olá! Quero falar sobre os meus dados pessoais.")}
              target="_blank"
              rel="noopener noreferrer"
              className={link}
            >
              {agency.whatsappDisplay}
            </a>
            .
          </p>
        </Section>

        <Section id="coleta" title="Que dados coletamos e por quê">
          <p>
            Só pedimos o que precisamos para atender você. Não vendemos dados, não usamos cookies de publicidade nem
            ferramentas de rastreamento.
          </p>
          <ul className="space-y-4">
            <Purpose
              title="“Não encontrou o que procura?” (página inicial)"
              data="nome, email, telefone (opcional) e a descrição do imóvel que você procura."
              why="procurar imóveis que atendam ao seu pedido e entrar em contato com as opções. Base legal: procedimentos preliminares a um contrato, a seu pedido (art. 7º, V, da LGPD)."
            />
            <Purpose
              title="“Anuncie seu imóvel”"
              data="nome, email, telefone, tipo, endereço, preço pretendido e características do imóvel."
              why="avaliar o imóvel, combinar a visita do corretor e preparar o anúncio. Base legal: procedimentos preliminares a um contrato, a seu pedido (art. 7º, V)."
            />
            <Purpose
              title="Mensagem sobre um imóvel"
              data="nome, telefone ou email e a sua mensagem, ligada ao imóvel de interesse."
              why="responder à sua dúvida e agendar visitas. Base legal: art. 7º, V."
            />
            <Purpose
              title="Clientes de locação (Área do Cliente)"
              data="dados do contrato: nome, email, telefone, CPF ou CNPJ, endereço do imóvel alugado, valores, cobranças e pedidos de manutenção."
              why="cumprir o contrato de locação e as obrigações legais e fiscais que vêm com ele. Base legal: execução de contrato e cumprimento de obrigação legal (art. 7º, V e II)."
            />
            <Purpose
              title="Dados técnicos"
              data="o endereço IP de quem envia formulários ou tenta entrar no painel, e um cookie de sessão para quem faz login."
              why="proteger o site contra abusos e tentativas de invasão, e manter o login ativo. O IP fica guardado só por alguns minutos. Base legal: legítimo interesse e segurança (art. 7º, IX)."
            />
          </ul>
          <p>
            Quando você clica em um botão do WhatsApp, a conversa acontece no WhatsApp, com as regras de privacidade
            dele. Os mapas das páginas são do Google Maps. Os anúncios que enviamos aos portais imobiliários (ZAP
            Imóveis, VivaReal, OLX) têm só dados do imóvel e da imobiliária, nunca dados de visitantes.
          </p>
        </Section>

        <Section id="prazo" title="Por quanto tempo guardamos">
          <p>
            As solicitações enviadas pelos formulários do site são guardadas por <strong>{period}</strong>. Depois desse
            prazo, o nome, o email, o telefone e a mensagem são apagados automaticamente e sobra apenas o registro
            estatístico (data, tipo de pedido), sem nada que identifique você.
          </p>
          <p>
            Os dados de clientes de locação são guardados enquanto durar o contrato. Depois dele, se você pedir a
            eliminação, apagamos {FISCAL_GONE}. Quando houve pagamentos, guardamos {FISCAL_KEPT}: {FISCAL_WHY}. Esses
            registros ficam guardados por {FISCAL_HOW_LONG}.
          </p>
        </Section>

        <Section id="direitos" title="Os seus direitos">
          <p>Pela LGPD (art. 18), você pode, a qualquer momento e sem custo:</p>
          <ul className="list-disc space-y-1.5 pl-6">
            {RIGHTS.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </Section>

        <Section id="como-exercer" title="Como exercer os seus direitos">
          <p>
            Envie o seu pedido para{" "}
            <a
              href={`mailto:${agency.email}?subject=${encodeURIComponent("Meus dados pessoais (LGPD)")}`}
              className={link}
            >
              {agency.email}
            </a>{" "}
            ou pelo WhatsApp {agency.whatsappDisplay}, informando o email que você usou nos nossos formulários. Para a
            sua segurança, podemos pedir uma confirmação de que o email é seu antes de entregar ou apagar os dados.
          </p>
          <p>
            Respondemos em até 15 dias. Se quiser, entregamos uma cópia de tudo o que temos sobre você em um arquivo.
            Quando um dado precisar ser mantido por obrigação legal (um contrato de locação, por exemplo), explicamos o
            motivo e por quanto tempo.
          </p>
          <p>
            Se não ficar satisfeito com a nossa resposta, você pode reclamar à Autoridade Nacional de Proteção de Dados
            (ANPD), em{" "}
            <a href="https://www.gov.br/anpd" target="_blank" rel="noopener noreferrer" className={link}>
              gov.br/anpd
            </a>
            .
          </p>
        </Section>

        <Section id="seguranca" title="Segurança">
          <p>
            O acesso aos dados é restrito à nossa equipe, com login individual. As senhas são guardadas cifradas, o site
            usa conexão segura e os documentos de clientes só podem ser abertos pelo próprio cliente e pela equipe.
          </p>
        </Section>

        <p className="border-t border-slate-200 pt-6 text-sm text-slate-600">
          Última atualização: {UPDATED}. Dúvidas? Veja também a página de{" "}
          <Link to="/contato" className={link}>
            contato
          </Link>
          .
        </p>
      </div>
    </>
  );
}
