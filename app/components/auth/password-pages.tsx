import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { MailCheck } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AuthCard } from "#app/components/admin/auth-card";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { PASSWORD_RULE } from "#app/models/shared/messages";

// The two pages of password recovery, shared by staff (/admin/...) and
// clients (/client-login/...): ask for the link, then set the new password.

type Result = SubmissionResult<string[]> | undefined;

export function RecoveryRequestPage(props: {
  formId: string;
  subtitle: string;
  sent: boolean;
  constraint: FormConstraint;
  result: Result;
  loginPath: string;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({ id: props.formId, lastResult: props.result, constraint: props.constraint });
  return (
    <AuthCard title="Recuperar senha" subtitle={props.subtitle}>
      {props.sent ? (
        <div role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
          <MailCheck aria-hidden className="mb-2 size-6" />
          <p className="font-semibold">Instruções enviadas</p>
          <p className="mt-1 text-sm">
            Se o email estiver cadastrado, você receberá em instantes um link para criar uma nova senha. O link vale por
            1 hora.
          </p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate={false} className="space-y-4">
          <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
          <Button className="w-full" disabled={busy}>
            {busy ? "Enviando..." : "Enviar instruções"}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={props.loginPath} className="font-medium text-brand-700 hover:underline">
          Voltar ao login
        </Link>
      </p>
    </AuthCard>
  );
}

export function NewPasswordPage(props: {
  formId: string;
  valid: boolean;
  constraint: FormConstraint;
  result: Result;
  recoveryPath: string;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({ id: props.formId, lastResult: props.result, constraint: props.constraint });
  if (!props.valid) {
    return (
      <AuthCard title="Link inválido ou expirado">
        <p className="text-center text-slate-700">
          Este link de redefinição já foi usado ou passou de 1 hora. Peça um novo link.
        </p>
        <p className="mt-6 text-center">
          <Link to={props.recoveryPath} className={buttonClass()}>
            Pedir novo link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Criar nova senha" subtitle={PASSWORD_RULE}>
      <Form method="post" {...getFormProps(form)} noValidate={false} className="space-y-4">
        {form.errors?.length ? <FormAlert title={form.errors[0]} /> : null}
        <Field meta={fields.password} label="Nova senha" type="password" autoComplete="new-password" />
        <Field meta={fields.confirm} label="Confirme a nova senha" type="password" autoComplete="new-password" />
        <Button className="w-full" disabled={busy}>
          {busy ? "Salvando..." : "Salvar nova senha"}
        </Button>
      </Form>
    </AuthCard>
  );
}
