import { getZodConstraint } from "@conform-to/zod/v4";
import { Calculator, Calendar, MapPin, Phone } from "#app/components/ui/icons";
import { Link } from "react-router";
import { invariantResponse, parseId } from "#app/utils/http.server";
import { ErrorPage } from "#app/components/site/error-page";
import { ContactBar } from "#app/components/site/property/contact-bar";
import { Gallery } from "#app/components/site/property/gallery";
import { InterestForm } from "#app/components/site/property/interest-form";
import { PropertyFeatures } from "#app/components/site/property/property-features";
import { SimilarProperties } from "#app/components/site/property/similar-properties";
import { ShareButtons } from "#app/components/site/property/share-buttons";
import { PropertyStatusBadge } from "#app/components/site/property-status-badge";
import { PropertyPrice } from "#app/components/site/property-price";
import { MapEmbed } from "#app/components/site/agency-contact";
import { WhatsAppIcon } from "#app/components/site/whatsapp-icon";
import { whatsappLink } from "#app/config/agency";
import { getDb } from "#app/db/db.server";
import { fallbackDescription } from "#app/models/properties/describe";
import { imageUrl } from "#app/models/properties/images";
import { interestMessage, interestSchema } from "#app/models/leads/interest.schema";
import { getProperty, listSimilar, propertyExists } from "#app/models/properties/properties.server";
import { propertyInterestAction } from "./property-interest.server";
import { propertyJsonLd } from "./property-json-ld.server";
import { formatPropertyCode } from "#app/models/properties/search";
import { formatPrice, reaisDecimal } from "#app/models/shared/money";
import { useAgency, useOrigin } from "#app/utils/root-data";
import { pageTitle, seo } from "#app/utils/seo";
import type { Route } from "./+types/property";

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  if (!loaderData)
    return [{ title: pageTitle(matches, "Imóvel não encontrado") }, { name: "robots", content: "noindex" }];
  const p = loaderData.property;
  const description = (p.description ?? fallbackDescription(p)).replace(/\s+/g, " ").slice(0, 155);
  const cover = p.images[0];
  return [
    ...seo({
      matches,
      title: `${p.name} - ${formatPrice(p.price_cents)}`,
      description,
      path: `/imoveis/${params.id}`,
      image: cover
        ? imageUrl(cover.file_key, cover.widths.includes(960) ? 960 : cover.widths[cover.widths.length - 1])
        : undefined,
      type: "article",
    }),
    { "script:ld+json": loaderData.jsonLd },
  ];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const property = id ? await getProperty(getDb(), id) : null;
  invariantResponse(property, "Imóvel não encontrado");
  const jsonLd = propertyJsonLd(property);
  const similar = await listSimilar(getDb(), property);
  // Made here, with the schema, so that zod stays out of the page's JavaScript.
  const interest = {
    message: interestMessage(formatPropertyCode(property.property_code), property.name),
    constraint: getZodConstraint(interestSchema),
  };
  return { property, jsonLd, similar, interest };
}

// "Tenho interesse" posts here (routes/site/property-interest.server.ts).
export async function action({ request, params }: Route.ActionArgs) {
  const id = parseId(params.id);
  invariantResponse(id && (await propertyExists(getDb(), id)), "Imóvel não encontrado");
  return propertyInterestAction(request, id);
}

export default function PropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { property: p, similar, interest: interestForm } = loaderData;
  const agency = useAgency();
  const origin = useOrigin();
  const url = `${origin}/imoveis/${p.id}`;
  const code = formatPropertyCode(p.property_code);
  const interest = `Olá! Vim pelo site e tenho interesse no imóvel ${code} - ${p.name}: ${url}`;
  const visit = `Olá! Vim pelo site e gostaria de agendar uma visita ao imóvel ${code} - ${p.name}: ${url}`;
  // Financing is for a purchase with a known price.
  const simulator =
    p.price_cents != null && p.advertised_for !== "LOCAÇÃO"
      ? `/simulador?valor=${reaisDecimal(p.price_cents, { whole: true })}`
      : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ContactBar whatsappHref={whatsappLink(agency, interest)} phone={agency.phone} />
      <Gallery images={p.images} title={p.name} />
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_360px]">
        <div>
          <div className="flex flex-wrap gap-2" data-testid="property-badges">
            <PropertyStatusBadge status={p.status} size="lg" />
            {p.featured ? (
              <span className="rounded-full bg-gold-500 px-3 py-1 text-xs font-semibold text-brand-900">Destaque</span>
            ) : null}
            <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-800">
              {p.standard}
            </span>
            {p.is_exclusive ? (
              <span className="rounded-full bg-brand-800 px-3 py-1 text-xs font-semibold text-white">Exclusivo</span>
            ) : null}
          </div>
          <h1 className="mt-4 text-3xl font-bold text-slate-900 md:text-4xl">{p.name}</h1>
          {p.leased ? (
            <p
              className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="leased-notice"
            >
              Este imóvel está alugado no momento. Veja os semelhantes abaixo ou fale conosco: avisamos quando ele
              voltar a ficar disponível.
            </p>
          ) : null}
          <p className="mt-2 flex items-start gap-1.5 text-slate-600">
            <MapPin aria-hidden className="mt-0.5 size-5 shrink-0" /> {p.location}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {p.type} · Código {code} · {p.category}
          </p>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-4">
            <p className="text-3xl font-bold text-brand-800" data-testid="property-price">
              <PropertyPrice
                price={p.price_cents}
                advertisedFor={p.advertised_for}
                suffixClassName="text-base font-medium text-slate-600"
              />
            </p>
            <ShareButtons url={url} title={p.name} />
          </div>

          <PropertyFeatures property={p} />

          <section aria-labelledby="descricao" className="mt-8">
            <h2 id="descricao" className="text-xl font-semibold text-slate-900">
              Descrição
            </h2>
            <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">
              {p.description?.trim() || fallbackDescription(p)}
            </p>
          </section>

          <SimilarProperties properties={similar} />

          <section aria-labelledby="localizacao" className="mt-8">
            <h2 id="localizacao" className="text-xl font-semibold text-slate-900">
              Localização
            </h2>
            <p className="mt-2 mb-4 text-slate-700">{p.location}</p>
            <MapEmbed query={p.location} title={`Mapa: ${p.location}`} />
          </section>
        </div>

        <div className="space-y-6">
          <aside
            aria-labelledby="contato-imovel"
            className="h-fit rounded-xl bg-white p-6 shadow-lg ring-1 ring-slate-200"
          >
            <h2 id="contato-imovel" className="text-xl font-semibold text-slate-900">
              Gostou deste imóvel?
            </h2>
            <p className="mt-1 text-sm text-slate-600">Fale com um corretor da {agency.name}.</p>
            <div className="mt-5 space-y-3">
              <a
                href={whatsappLink(agency, interest)}
                target="_blank"
                rel="noopener noreferrer"
                className="flex w-full items-center justify-center gap-2 rounded-md bg-[#157a3f] px-4 py-3 font-semibold text-white hover:bg-[#0f6331]"
              >
                <WhatsAppIcon className="size-5" /> Conversar no WhatsApp
              </a>
              <a
                href={whatsappLink(agency, visit)}
                target="_blank"
                rel="noopener noreferrer"
                className="flex w-full items-center justify-center gap-2 rounded-md border-2 border-brand-800 px-4 py-3 font-semibold text-brand-800 hover:bg-brand-50"
              >
                <Calendar aria-hidden className="size-5" /> Agendar visita
              </a>
              <a
                href={`tel:+${agency.phone}`}
                className="flex w-full items-center justify-center gap-2 rounded-md bg-slate-100 px-4 py-3 font-semibold text-slate-800 hover:bg-slate-200"
              >
                <Phone aria-hidden className="size-5" /> Ligar: {agency.phoneDisplay}
              </a>
            </div>
            {simulator ? (
              <Link
                to={simulator}
                className="mt-4 flex items-center justify-center gap-2 text-sm font-semibold text-brand-700 underline underline-offset-4"
              >
                <Calculator aria-hidden className="size-4" /> Simular financiamento
              </Link>
            ) : null}
            <p className="mt-5 text-xs text-slate-600">
              {agency.name} · {agency.creci}
            </p>
          </aside>
          <InterestForm
            propertyId={p.id}
            message={interestForm.message}
            constraint={interestForm.constraint}
            actionData={actionData}
          />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Imóvel não encontrado"
      notFoundText="O imóvel solicitado não existe ou foi removido."
    />
  );
}
