import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { PrivacyNotice } from "#app/components/site/privacy-notice";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, HoneypotField, type FormConstraint } from "#app/components/ui/field";
import { serverForm } from "#app/components/ui/server-form";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";

export type InterestActionData = { result: SubmissionResult<string[]>; alert?: { title: string; description: string } };

// "Tenho interesse": a short message about this property, posted to its own
// page (works without JavaScript; the anchor brings the visitor back here).
export function InterestForm({
  propertyId,
  message,
  constraint,
  actionData,
}: {
  propertyId: number;
  message: string;
  constraint: FormConstraint;
  actionData?: InterestActionData;
}) {
  const action = `/imoveis/${propertyId}#tenho-interesse`;
  const formId = useFreshFormId("interest", actionData !== undefined);
  const { form, fields } = serverForm<"name" | "phone" | "email" | "message">({
    id: formId,
    lastResult: actionData?.result,
    constraint,
    defaultValue: { message },
  });
  return (
    <section
      id="tenho-interesse"
      aria-labelledby="tenho-interesse-titulo"
      className="rounded-xl bg-white p-6 shadow-lg ring-1 ring-slate-200"
    >
      <h2 id="tenho-interesse-titulo" className="text-xl font-semibold text-slate-900">
        Tenho interesse
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Deixe seu contato e um corretor responde ainda hoje, em horário comercial.
      </p>
      <Form key={formId} method="post" action={action} {...form} className="relative mt-4 space-y-4">
        {actionData?.alert ? (
          <FormAlert title={actionData.alert.title} description={actionData.alert.description} />
        ) : null}
        <HoneypotField />
        <Field meta={fields.name} label="Nome *" type="text" autoComplete="name" />
        <Field
          meta={fields.phone}
          label="Telefone ou WhatsApp"
          type="tel"
          autoComplete="tel"
          placeholder="(67) 99999-0000"
        />
        <Field
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          hint="Informe o telefone, o email ou os dois."
        />
        <Field meta={fields.message} label="Mensagem *" as="textarea" rows={4} />
        <PrivacyNotice />
        <Button className="w-full" data-busy-label="Enviando...">
          Enviar mensagem
        </Button>
      </Form>
    </section>
  );
}
