import { getFormProps, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { Plus } from "#app/components/ui/private-icons";
import { useIsPending } from "#app/components/ui/use-is-pending";

type Fields<Schema extends Record<string, unknown>> = ReturnType<typeof useForm<Schema>>[1];

// The dialog that creates a record for one client (Nova Cobrança, Nova
// Vistoria): its form, the failure alert, the client to pick (field
// `client_id`), the record's own fields and the "Criar ..." button. The
// route's loader gives the constraint, the defaults and the clients; its
// action answers a refusal with the submission's result and an alert.
export function NewRecordDialog<Schema extends { client_id: unknown } & Record<string, unknown>>({
  title,
  closeTo,
  clientLabel,
  submit,
  loaderData,
  actionData,
  children,
}: {
  title: string;
  closeTo: string;
  clientLabel: string;
  // The button's text, "Criar Cobrança"; "Criando..." while it posts.
  submit: string;
  loaderData: {
    constraint: Parameters<typeof useForm<Schema>>[0]["constraint"];
    defaults: DefaultValue<Schema>;
    clients: { id: number; name: string }[];
  };
  actionData: { result: SubmissionResult<string[]>; alert: string | null } | undefined;
  children: (fields: Fields<Schema>) => ReactNode;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm<Schema>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: loaderData.defaults,
  });
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {actionData?.alert ? <FormAlert title="Erro" description={actionData.alert} /> : null}
        <Field meta={fields.client_id} label={clientLabel} as="select">
          <option value="">Selecione um cliente</option>
          {loaderData.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Field>
        {children(fields)}
        <Button disabled={busy}>
          <Plus aria-hidden className="size-4" /> {busy ? "Criando..." : submit}
        </Button>
      </Form>
    </RouteDialog>
  );
}
