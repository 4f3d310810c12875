import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Download, ShieldCheck, Trash2 } from "#app/components/ui/private-icons";
import { Form, data } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { privacyActionSchema, privacyLookupSchema } from "#app/models/privacy/privacy.schema";
import { erasePersonalData, erasureResult, previewPersonalData } from "#app/models/privacy/privacy.server";
import { ErasureResult } from "#app/components/admin/erasure-result";
import { getEnv } from "#app/utils/env.server";
import { FISCAL_GONE, FISCAL_HOW_LONG, FISCAL_KEPT } from "#app/models/privacy/fiscal-retention";
import { parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/privacy";

// /admin/privacidade (master only; the layout lets staff in, this page checks
// the role again): look up what is held about one email, export it as JSON
// (privacy-export.ts) or erase it (docs/decisions/0013-privacy.md).
const PATH = "/admin/privacidade";
const REFUSAL = "consultar, exportar ou apagar dados pessoais";

export function meta() {
  return [{ title: "Privacidade (LGPD) | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireRole(context, "master", REFUSAL);
  const base = {
    retentionMonths: getEnv().PRIVACY_RETENTION_MONTHS,
    constraint: getZodConstraint(privacyLookupSchema),
  };
  // The result of an erasure just made (its audit row's counts).
  const erasure = parseId(url.searchParams.get("eliminacao") ?? undefined);
  if (erasure !== null)
    return { ...base, lookup: undefined, found: null, result: await erasureResult(getDb(), erasure) };
  if (!url.searchParams.has("email")) return { ...base, lookup: undefined, found: null, result: null };
  const submission = parseWithZod(url.searchParams, { schema: privacyLookupSchema });
  if (submission.status !== "success") return { ...base, lookup: submission.reply(), found: null, result: null };
  const email = submission.value.email;
  return {
    ...base,
    lookup: submission.reply(),
    found: { email, ...(await previewPersonalData(getDb(), email)) },
    result: null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(context, "master", REFUSAL);
  const submission = parseWithZod(await readFormData(request), { schema: privacyActionSchema });
  // Exports post to their own resource route; here only the erasure.
  if (submission.status !== "success" || submission.value.intent !== "erase") {
    return data({ result: submission.reply(), blockers: null }, { status: 400 });
  }
  const { email } = submission.value;
  const erased = await erasePersonalData(getDb(), email, me);
  if (!erased.ok) return data({ result: submission.reply(), blockers: erased.blockers }, { status: 409 });
  // The rows are gone; their private files (maintenance images, documents) now.
  await removePrivateFiles(erased.files);
  const c = erased.counts;
  const parts = [
    `${c.idealRequests + c.listingRequests} solicitação(ões) anonimizada(s)`,
    `${c.clients - c.fiscalClients} cadastro(s) de cliente excluído(s)`,
    ...(c.fiscalClients ? [`${c.fiscalClients} cadastro(s) anonimizado(s) com os registros fiscais guardados`] : []),
    `${c.accounts} conta(s) de acesso excluída(s)`,
  ];
  // The result page says what was kept, why and for how long.
  return redirectWithToast(`${PATH}?eliminacao=${erased.auditId}`, {
    type: "success",
    title: "Dados pessoais apagados",
    description: `${parts.join(", ")}.`,
  });
}

const COUNT_LABELS = [
  ["idealRequests", "Solicitações de imóvel ideal"],
  ["listingRequests", "Solicitações de anúncio"],
  ["clients", "Cadastros de cliente"],
  ["contracts", "Contratos desses clientes"],
  ["billings", "Cobranças desses clientes"],
  ["maintenanceRequests", "Pedidos de manutenção desses clientes"],
  ["accounts", "Contas de acesso"],
  ["ownerOf", "Citações como proprietário em cadastros de inquilinos"],
  ["fiscalClients", "Cadastros com pagamentos (anonimizados e guardados)"],
] as const;

export default function PrivacyAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { found, retentionMonths, result } = loaderData;
  const busy = useIsPending();
  const [lookupForm, lookupFields] = useForm({
    id: "privacy-lookup",
    lastResult: loaderData.lookup,
    constraint: loaderData.constraint,
  });
  const [eraseForm, eraseFields] = useForm({ id: "privacy-erase", lastResult: actionData?.result });
  const total = found ? COUNT_LABELS.reduce((n, [key]) => n + found.counts[key], 0) : 0;
  const blockers = actionData?.blockers ?? found?.blockers ?? [];
  return (
    <>
      <AdminTitle title="Privacidade (LGPD)" />
      <p className="mb-6 max-w-3xl text-slate-700">
        Atenda aos pedidos dos titulares (LGPD, art. 18): consulte o que a imobiliária guarda sobre um email, entregue
        uma cópia em JSON ou apague os dados. Cada exportação e eliminação fica registrada na Auditoria. Solicitações de
        visitantes com mais de {retentionMonths} meses são anonimizadas automaticamente.
      </p>
      {result ? <ErasureResult counts={result} /> : null}
      <div className="grid gap-6 lg:grid-cols-[360px_1fr]">
        <Form
          method="get"
          {...getFormProps(lookupForm)}
          className="h-fit space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="text-lg font-semibold text-slate-900">Consultar um email</h2>
          <Field meta={lookupFields.email} label="Email do titular" type="email" autoComplete="off" />
          <Button>Consultar</Button>
        </Form>
        {found ? (
          <section
            aria-labelledby="found-title"
            className="space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="found-title" className="text-lg font-semibold break-words text-slate-900">
              Dados de {found.email}
            </h2>
            {total === 0 ? (
              <p className="text-slate-700">Nenhum dado encontrado para este email.</p>
            ) : (
              <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2" data-testid="privacy-counts">
                {COUNT_LABELS.map(([key, label]) => (
                  <div key={key} className="contents">
                    <dt className="text-slate-700">{label}</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums">{found.counts[key]}</dd>
                  </div>
                ))}
              </dl>
            )}
            <Form method="post" action={`${PATH}/exportar`} reloadDocument>
              <input type="hidden" name="intent" value="export" />
              <input type="hidden" name="email" value={found.email} />
              <button
                type="submit"
                className="inline-flex items-center gap-2 rounded-md border border-brand-800 px-4 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
              >
                <Download aria-hidden className="size-4" /> Baixar dados (JSON)
              </button>
            </Form>
            {blockers.length ? (
              <FormAlert title="Não é possível apagar" description={blockers.join(" ")} />
            ) : total > 0 ? (
              <Form method="post" {...getFormProps(eraseForm)} className="space-y-3 border-t border-slate-200 pt-5">
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="email" value={found.email} />
                <h3 className="font-semibold text-slate-900">Apagar os dados</h3>
                <p className="text-sm text-slate-700">
                  As solicitações ficam anonimizadas (nome, email, telefone e mensagem substituídos); cadastros de
                  cliente sem pagamentos são excluídos com tudo o que têm, e logins de cliente são excluídos.
                  {found.counts.fiscalClients
                    ? ` Cadastros com pagamentos são anonimizados: apagam-se ${FISCAL_GONE}; ficam ${FISCAL_KEPT}, por ${FISCAL_HOW_LONG} (LGPD, art. 16, I).`
                    : null}
                </p>
                <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
                  <input
                    {...getInputProps(eraseFields.confirm, { type: "checkbox" })}
                    key={eraseFields.confirm.key}
                    className="mt-0.5 size-4"
                  />
                  Confirmo que o pedido veio do titular. Esta ação não pode ser desfeita.
                </label>
                {eraseFields.confirm.errors?.length ? (
                  <p id={eraseFields.confirm.errorId} className="text-sm font-medium text-red-700">
                    {eraseFields.confirm.errors[0]}
                  </p>
                ) : null}
                <Button disabled={busy} variant="danger">
                  <Trash2 aria-hidden className="size-4" /> Apagar dados
                </Button>
              </Form>
            ) : null}
          </section>
        ) : (
          <div className="flex items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            <ShieldCheck aria-hidden className="size-6 shrink-0 text-brand-700" />
            <p>Informe o email que o titular usou nos formulários do site ou no cadastro de cliente.</p>
          </div>
        )}
      </div>
    </>
  );
}
