import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useAgency, useRootActionData } from "#app/utils/root-data";
import { AgencyContactList, MapEmbed } from "#app/components/site/agency-contact";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, HoneypotField, type FormConstraint } from "#app/components/ui/field";
import { serverForm } from "#app/components/ui/server-form";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";
import { PrivacyNotice } from "#app/components/site/privacy-notice";

type FormActionData = { result: SubmissionResult<string[]>; alert?: { title: string; description: string } };
// The root's action; the anchor brings the visitor back to the form.
const ACTION = "/#imovel-ideal";

// The ideal-property request (docs/product.md §Início, 7). Validated on the
// server; the browser's required/type=email checks are a first, friendlier
// pass.
export function IdealPropertySection({
  constraint,
  actionData: ownActionData,
}: {
  constraint: FormConstraint;
  actionData?: FormActionData;
}) {
  const agency = useAgency();
  // The form posts to "/" (root's action); "/?index" (the home's) for pages sent before.
  const actionData = useRootActionData<FormActionData>() ?? ownActionData;
  const formId = useFreshFormId("ideal-property", actionData !== undefined);
  const { form, fields } = serverForm({ id: formId, lastResult: actionData?.result, constraint });

  return (
    <section id="imovel-ideal" aria-labelledby="ideal-title" className="mx-auto max-w-7xl px-4 py-16">
      <div className="grid gap-10 lg:grid-cols-2">
        <div>
          <h2 id="ideal-title" className="text-3xl font-bold text-brand-800">
            Não encontrou o que procura?
          </h2>
          <p className="mt-2 text-slate-600">Descreva o seu imóvel ideal e nossa equipe busca para você.</p>
          <Form key={formId} method="post" action={ACTION} {...form} className="relative mt-6 space-y-4">
            {actionData?.alert ? (
              <FormAlert title={actionData.alert.title} description={actionData.alert.description} />
            ) : null}
            <HoneypotField />
            <Field meta={fields.name} label="Nome *" type="text" autoComplete="name" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field meta={fields.email} label="Email *" type="email" autoComplete="email" />
              <Field meta={fields.phone} label="Telefone" type="tel" autoComplete="tel" placeholder="(67) 99999-0000" />
            </div>
            <Field
              meta={fields.idealProperty}
              label="Como é o seu imóvel ideal? *"
              as="textarea"
              rows={5}
              placeholder="Ex.: casa com 3 quartos no Jardim Alvorada, até R$ 500 mil, com quintal."
            />
            <PrivacyNotice />
            <Button data-busy-label="Enviando...">Enviar solicitação</Button>
          </Form>
        </div>
        <div className="space-y-6">
          <div className="rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200">
            <h3 className="text-xl font-semibold text-brand-800">{agency.name}</h3>
            <p className="mb-4 text-sm text-slate-600">{agency.creci}</p>
            <AgencyContactList />
          </div>
          <MapEmbed query={agency.mapQuery} title={`Mapa: localização da ${agency.name}`} />
        </div>
      </div>
    </section>
  );
}
