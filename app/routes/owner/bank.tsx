import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, data } from "react-router";
import { OwnerCard } from "#app/components/owner/owner-ui";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { decidedBankRequests, requestBankChange, waitingBankRequest } from "#app/models/owners/bank-requests.server";
import { BANK_REQUEST_MESSAGES as M, bankRequestSchema } from "#app/models/owners/owner-access.schema";
import { formatDateTime } from "#app/utils/format-date";
import { failedWriteAlert } from "#app/utils/failure.server";
import { readFormData } from "#app/utils/http.server";
import { ownerContext } from "#app/utils/owner-context";
import { pageTitle } from "#app/utils/seo";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/bank";

// "Dados bancários" (decision 0077): where the transfers go, and a request to
// change it that staff confirm before anything changes (a changed payout
// destination asked from a borrowed session is the classic fraud). Without
// JavaScript the form posts and comes back with its errors and typed values.
export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(matches, "Dados bancários | Área do Proprietário") },
    { name: "robots", content: "noindex" },
  ];
}

async function load(ownerId: number) {
  const db = getDb();
  const [current, waiting, decided] = await Promise.all([
    db.selectFrom("owners").select(["pix_key", "bank_account"]).where("id", "=", ownerId).executeTakeFirstOrThrow(),
    waitingBankRequest(db, ownerId),
    decidedBankRequests(db, ownerId),
  ]);
  return { current, waiting, decided };
}

export async function loader({ context }: Route.LoaderArgs) {
  const { owner } = context.get(ownerContext);
  return { ...(await load(owner.id)), constraint: getZodConstraint(bankRequestSchema) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { owner, user } = context.get(ownerContext);
  const submission = parseWithZod(await readFormData(request), { schema: bankRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  let sent: Awaited<ReturnType<typeof requestBankChange>>;
  try {
    sent = await requestBankChange(getDb(), owner, submission.value, { id: user.id, name: user.name });
  } catch (error) {
    return failedWriteAlert("owner.bank_request_failed", error, { result: submission.reply(), alert: M.failed });
  }
  if (!sent.ok) return data({ result: submission.reply(), alert: M.waiting }, { status: 409 });
  return redirectWithToast("/area-do-proprietario/dados-bancarios", {
    type: "success",
    title: M.sent,
    description: M.sentDetail,
  });
}

const OUTCOME = { confirmed: "Confirmado", refused: "Recusado" } as const;

export default function OwnerBank({ loaderData, actionData }: Route.ComponentProps) {
  const { current, waiting, decided, constraint } = loaderData;
  const busy = useIsPending();
  const [form, fields] = useForm({ lastResult: actionData?.result, constraint, shouldRevalidate: "onSubmit" });
  return (
    <>
      <OwnerCard title="Para onde vão os seus repasses">
        <dl className="grid gap-4 sm:grid-cols-2" data-testid="dados-bancarios">
          <div>
            <dt className="text-sm text-slate-600">Chave Pix</dt>
            <dd className="font-medium break-all">{current.pix_key ?? "Não cadastrada"}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Conta bancária</dt>
            <dd className="font-medium break-words">{current.bank_account ?? "Não cadastrada"}</dd>
          </div>
        </dl>
      </OwnerCard>
      <OwnerCard title="Pedir alteração">
        {waiting ? (
          <div className="rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200" data-testid="pedido">
            <p className="font-medium">Pedido de {formatDateTime(waiting.requested_at)} aguardando a imobiliária.</p>
            <p className="mt-1 text-sm break-words">
              {waiting.pix_key ? `Nova chave Pix: ${waiting.pix_key}. ` : ""}
              {waiting.bank_account ? `Nova conta: ${waiting.bank_account}. ` : ""}
              {waiting.remove_pix ? "Remover a chave Pix atual." : ""}
            </p>
            <p className="mt-1 text-sm">
              Por segurança, a imobiliária confirma a alteração com você por telefone antes de aplicá-la. Até lá, os
              repasses continuam indo para os dados acima.
            </p>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            {actionData?.alert ? <FormAlert title="Erro" description={actionData.alert} /> : null}
            <p className="text-slate-700">
              Por segurança, nada muda agora: a imobiliária confirma o pedido com você por telefone antes de aplicá-lo.
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <Field meta={fields.pix_key} label="Nova chave Pix" type="text" autoComplete="off" />
              <Field
                meta={fields.bank_account}
                label="Nova conta bancária"
                type="text"
                hint="Banco, agência e conta."
                autoComplete="off"
              />
              {current.pix_key ? (
                <label className="flex items-start gap-2 md:col-span-2">
                  <input
                    type="checkbox"
                    name={fields.remove_pix.name}
                    defaultChecked={fields.remove_pix.initialValue === "on"}
                    className="mt-1 size-4"
                  />
                  <span>
                    Receber na conta bancária: remover a chave Pix atual{" "}
                    <span className="text-sm text-slate-600">(com uma chave Pix, o repasse vai para ela)</span>
                  </span>
                </label>
              ) : null}
              <Field meta={fields.note} label="Observação" type="text" className="md:col-span-2" />
            </div>
            <Button disabled={busy}>{busy ? "Enviando..." : "Enviar pedido"}</Button>
          </Form>
        )}
        {decided.length ? (
          <>
            <h3 className="mt-6 font-semibold text-slate-900">Pedidos anteriores</h3>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {decided.map((d) => (
                <li key={d.id} className="py-2 break-words">
                  {formatDateTime(d.requested_at)}: <strong>{d.outcome ? OUTCOME[d.outcome] : ""}</strong>
                  {d.decided_at ? ` em ${formatDateTime(d.decided_at)}` : ""}
                  {d.decision_note ? ` (${d.decision_note})` : ""}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </OwnerCard>
    </>
  );
}
