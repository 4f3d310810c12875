import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { ListCount } from "#app/components/admin/list-filter";
import { BillingStatusBadge } from "#app/components/billing/billing-status-badge";
import { Pagination } from "#app/components/site/pagination";
import { Button, buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay, rentInputValue } from "#app/models/clients/status";
import { PROOF_MESSAGES, REFUSAL_MAX, proofReviewSchema } from "#app/models/payment-proofs/proofs.schema";
import { proofQueue, reviewProof } from "#app/models/payment-proofs/proofs.server";
import { listHref, readPage } from "#app/models/shared/list-query";
import { formatBRL } from "#app/models/shared/money";
import { formatDateTime } from "#app/utils/format-date";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/payment-proofs";

// "Comprovantes a conferir" (issue 35; docs/decisions/0063-payment-proofs.md):
// the proofs tenants sent with "Já paguei", oldest first, 25 a page
// (decision 0057). Each links to its file and to the billing's own
// "Registrar pagamento" (prefilled with what the tenant said), and is closed
// here as checked or refused with the reason the tenant reads. Every staff
// member, as the billing forms.
export function meta() {
  return [{ title: "Comprovantes a conferir | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const PATH = "/admin/comprovantes";

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  return proofQueue(getDb(), readPage(url.searchParams));
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const back = `${PATH}${url.search}`;
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: proofReviewSchema });
  if (submission.status !== "success") {
    // The one field a person types is the refusal's reason: said under its row.
    const id = Number(formData.get("id"));
    if (formData.get("intent") === "refuse" && Number.isSafeInteger(id))
      return data({ refuse: { id, message: submission.error?.reason?.[0] ?? PROOF_MESSAGES.reason } }, { status: 400 });
    throw data("Pedido inválido", { status: 400 });
  }
  const value = submission.value;
  const done = await reviewProof(
    getDb(),
    value.id,
    value.intent === "check" ? { intent: "check" } : { intent: "refuse", reason: value.reason },
    actor,
  );
  if (!done.ok)
    return redirectWithToast(back, {
      type: "info",
      title: done.reason === "missing" ? "Comprovante não encontrado" : "Comprovante já conferido",
      description:
        done.reason === "missing" ? "Recarregue a página." : "Outra pessoa da equipe já respondeu a este comprovante.",
    });
  return redirectWithToast(
    back,
    value.intent === "check"
      ? { type: "success", title: "Comprovante conferido", description: `Comprovante de ${done.clientName}.` }
      : {
          type: "success",
          title: "Comprovante recusado",
          description: `${done.clientName} verá o motivo na Área do Cliente.`,
        },
  );
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

// The billing's payment form, with the day and amount the tenant gave.
function paymentHref(r: Row) {
  const params = new URLSearchParams();
  if (r.paidOn) params.set("data", r.paidOn);
  if (r.amountCents !== null) params.set("valor", rentInputValue(r.amountCents));
  const q = params.toString();
  return `/admin/clients/cobrancas/${r.billingId}${q ? `?${q}` : ""}#registrar-pagamento`;
}

export default function PaymentProofs({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pages } = loaderData;
  const here = listHref(PATH, { pagina: page === 1 ? null : page });
  return (
    <>
      <AdminTitle title="Comprovantes a conferir" />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-600">
        Enviados pelos inquilinos em “Já paguei”. Um comprovante não dá baixa: confira no extrato do banco e registre o
        pagamento na cobrança. Quando a cobrança fica Paga, o comprovante sai daqui como conferido.
      </p>
      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <p className="text-lg font-semibold text-slate-800">Nenhum comprovante a conferir</p>
        </div>
      ) : (
        <>
          <ListCount total={total} one="comprovante" many="comprovantes" page={page} pages={pages} />
          <ul className="space-y-3">
            {rows.map((r) => (
              <li
                key={r.id}
                data-testid="proof-row"
                className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold text-slate-900">
                      <Link to={`/admin/clients/cobrancas/${r.billingId}`} className="hover:underline">
                        {r.clientName}
                      </Link>
                    </h2>
                    <p className="text-sm text-slate-700 first-letter:uppercase">
                      {periodLabel(r.monthYear)} · vencimento {formatDay(r.dueDate)}
                    </p>
                  </div>
                  <BillingStatusBadge status={r.status} />
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-4">
                  <Item label="Em aberto hoje">{formatBRL(r.owedToday)}</Item>
                  <Item label="Enviado em">{formatDateTime(r.sentAt)}</Item>
                  <Item label="Pago em (informado)">{r.paidOn ? formatDay(r.paidOn) : "—"}</Item>
                  <Item label="Valor (informado)">{r.amountCents !== null ? formatBRL(r.amountCents) : "—"}</Item>
                  {r.note ? (
                    <div className="col-span-2 lg:col-span-4">
                      <dt className="font-medium text-slate-600">Observação</dt>
                      <dd className="mt-0.5 whitespace-pre-line text-slate-900 wrap-anywhere">{r.note}</dd>
                    </div>
                  ) : null}
                </dl>
                <div className="mt-4 flex flex-wrap items-center gap-2">
                  <a
                    href={`/arquivos/comprovantes/${r.id}`}
                    target="_blank"
                    rel="noopener"
                    className={buttonClass("secondary", "sm")}
                  >
                    Ver comprovante ({r.isImage ? "imagem" : "PDF"})
                  </a>
                  <Link to={paymentHref(r)} className={buttonClass("primary", "sm")}>
                    Registrar pagamento
                  </Link>
                  <Form method="post" action={here}>
                    <input type="hidden" name="id" value={r.id} />
                    <Button size="sm" variant="secondary" name="intent" value="check">
                      Marcar como conferido
                    </Button>
                  </Form>
                </div>
                <RefuseForm
                  id={r.id}
                  action={here}
                  error={actionData?.refuse.id === r.id ? actionData.refuse.message : null}
                />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pages} hrefFor={(p) => listHref(PATH, { pagina: p === 1 ? null : p })} />
        </>
      )}
    </>
  );
}

// "Recusar" with its reason, folded under the row (<details>: no JavaScript),
// open when the server sent it back for a missing reason.
function RefuseForm({ id, action, error }: { id: number; action: string; error: string | null }) {
  const fieldId = `recusa-${id}`;
  return (
    <details className="mt-3 text-sm" open={error !== null}>
      <summary className="cursor-pointer font-medium text-red-800">Recusar</summary>
      <Form method="post" action={action} className="mt-2 space-y-2 sm:max-w-lg">
        <input type="hidden" name="id" value={id} />
        <label htmlFor={fieldId} className="block font-medium text-slate-800">
          Motivo da recusa (o inquilino vê)
        </label>
        <textarea
          id={fieldId}
          name="reason"
          rows={2}
          maxLength={REFUSAL_MAX}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-erro` : undefined}
          className="w-full rounded-md border border-slate-300 px-3 py-2"
        />
        {error ? (
          <p id={`${fieldId}-erro`} className="font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <Button size="sm" variant="danger" name="intent" value="refuse">
          Recusar comprovante
        </Button>
      </Form>
    </details>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}
