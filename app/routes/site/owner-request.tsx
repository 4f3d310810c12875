import { getZodConstraint } from "@conform-to/zod/v4";
import { CheckCircle2 } from "#app/components/ui/icons";
import { Form, useLocation } from "react-router";
import { PageHeader } from "#app/components/site/page-header";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, HoneypotField } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { createOwnerRequest } from "#app/models/leads/leads.server";
import { COUNT_MAX } from "#app/models/leads/limits";
import { ownerRequestSchema } from "#app/models/leads/owner-request.schema";
import { OWNER_PROPERTY_TYPES } from "#app/models/properties/options";
import { agencyFrom, seo } from "#app/utils/seo";
import type { Route } from "./+types/owner-request";
import { visitorFormAction } from "./visitor-form.server";
import { serverForm } from "#app/components/ui/server-form";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";
import { PrivacyNotice } from "#app/components/site/privacy-notice";

// "Anuncie seu Imóvel": served at /anunciar-imovel (header) and /anunciar (footer).
export function meta({ matches, location }: Route.MetaArgs) {
  return seo({
    matches,
    title: "Anuncie seu Imóvel",
    description: `Quer vender ou alugar seu imóvel em Três Lagoas? Envie os dados e a ${agencyFrom(matches).name} entra em contato para avaliar.`,
    path: location.pathname === "/anunciar" ? "/anunciar-imovel" : location.pathname,
  });
}

// The form's HTML constraints come from its schema, made here so that zod
// stays out of the page's JavaScript.
export function loader() {
  return { constraint: getZodConstraint(ownerRequestSchema) };
}

export async function action({ request, url }: Route.ActionArgs) {
  return visitorFormAction(request, ownerRequestSchema, {
    // `url`, not request.url: a JavaScript post goes to "<path>.data".
    redirectTo: url.pathname,
    success: {
      type: "success",
      title: "Solicitação enviada!",
      description: "Entraremos em contato em breve para avaliar seu imóvel.",
    },
    save: (value) => createOwnerRequest(getDb(), value),
    what: "owner request",
  });
}

const numberFields = [
  ["area", "Área (m²)"],
  ["quartos", "Quartos"],
  ["suites", "Suítes"],
  ["banheiros", "Banheiros"],
  ["vagas", "Vagas"],
] as const;

export default function OwnerRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const formId = useFreshFormId("owner-request", actionData !== undefined);
  const { form, fields } = serverForm({
    id: formId,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });

  return (
    <>
      <PageHeader
        title="Anuncie seu Imóvel"
        subtitle="Quer vender ou alugar? Conte sobre o seu imóvel e um corretor entra em contato para fazer a avaliação."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-[1fr_340px]">
        <Form
          key={formId}
          method="post"
          action={location.pathname}
          {...form}
          className="relative space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          {actionData?.alert ? (
            <FormAlert title={actionData.alert.title} description={actionData.alert.description} />
          ) : null}
          <HoneypotField />
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold text-brand-800">Seus dados</legend>
            <Field meta={fields.nome} label="Nome *" type="text" autoComplete="name" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field meta={fields.email} label="Email *" type="email" autoComplete="email" />
              <Field
                meta={fields.telefone}
                label="Telefone *"
                type="tel"
                autoComplete="tel"
                placeholder="(67) 99999-0000"
              />
            </div>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold text-brand-800">O imóvel</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field meta={fields.tipoImovel} label="Tipo do imóvel *" as="select">
                <option value="">Selecione</option>
                {Object.entries(OWNER_PROPERTY_TYPES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Field>
              <Field
                meta={fields.preco}
                label="Preço pretendido (R$) *"
                type="text"
                inputMode="decimal"
                placeholder="350.000,00"
              />
            </div>
            <Field
              meta={fields.endereco}
              label="Endereço *"
              type="text"
              autoComplete="street-address"
              placeholder="Rua, número, bairro"
            />
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
              {numberFields.map(([name, label]) => (
                <Field
                  key={name}
                  meta={fields[name]}
                  label={label}
                  type="number"
                  min={0}
                  max={COUNT_MAX[name]}
                  step={1}
                  inputMode="numeric"
                />
              ))}
            </div>
            <Field
              meta={fields.descricao}
              label="Descrição"
              as="textarea"
              rows={5}
              placeholder="Conte o que o imóvel tem de melhor: reformas, lazer, documentação..."
            />
          </fieldset>
          <PrivacyNotice />
          <Button data-busy-label="Enviando...">Enviar solicitação</Button>
        </Form>
        <aside className="h-fit space-y-4 rounded-xl bg-brand-50 p-6 ring-1 ring-brand-100">
          <h2 className="text-lg font-semibold text-brand-800">Por que anunciar com a gente</h2>
          <ul className="space-y-3 text-slate-700">
            {[
              "Avaliação gratuita feita por corretor que conhece o bairro.",
              "Fotos profissionais e divulgação no site e nas redes sociais.",
              "Atendimento aos interessados e acompanhamento das visitas.",
              "Apoio com a documentação até a assinatura do contrato.",
            ].map((t) => (
              <li key={t} className="flex gap-2">
                <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" /> {t}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
