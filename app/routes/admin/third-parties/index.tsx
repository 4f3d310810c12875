import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Pagination } from "#app/components/site/pagination";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import type { RentChargeKind } from "#app/db/schema";
import { periodLabel } from "#app/models/billing/months";
import { CHARGE_KIND_LABELS, PAYOUT_MESSAGES, payoutSchema } from "#app/models/charges/charge.schema";
import { markPaidOn, pendingPayouts } from "#app/models/charges/payouts.server";
import { formatDay } from "#app/models/clients/status";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/index";

// "A repassar a terceiros" (issue 36, docs/decisions/0072-third-party-payouts.md):
// what tenants paid for the building, the city, the insurer or a contractor,
// which the agency holds until it pays them on; "Marcar como pago" per
// charge, with its day and reference. A page of 25, newest first.
export function meta() {
  return [{ title: "A repassar a terceiros | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("pagina") ?? "1");
  return { ...(await pendingPayouts(getDb(), Number.isInteger(page) ? page : 1)), today: localToday() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const back = new URL(request.url).pathname + new URL(request.url).search;
  const error = (title: string) => redirectWithToast(back, { type: "error", title });
  const submission = parseWithZod(await readFormData(request), { schema: payoutSchema });
  // A row's form: what is wrong comes back as the list's toast.
  if (submission.status !== "success")
    return error(Object.values(submission.error ?? {}).flat()[0] ?? PAYOUT_MESSAGES.gone);
  const today = localToday();
  const { id, pago_em, referencia } = submission.value;
  const done = await markPaidOn(getDb(), id, { paidOn: pago_em ?? today, reference: referencia ?? null }, actor, today);
  if (!done.ok) return error(done.reason === "date" ? PAYOUT_MESSAGES.future : PAYOUT_MESSAGES.gone);
  return redirectWithToast(back, { type: "success", title: PAYOUT_MESSAGES.done });
}

export default function ThirdParties({ loaderData: d }: Route.ComponentProps) {
  return (
    <div>
      <AdminTitle title="A repassar a terceiros">
        <Link to="/admin" className={buttonClass("secondary")}>
          Voltar ao Painel
        </Link>
      </AdminTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        Encargos que os inquilinos pagaram para terceiros (condomínio, IPTU, seguradora, prestadores) e que a
        imobiliária ainda guarda: {d.count} {d.count === 1 ? "encargo" : "encargos"}, {formatBRL(d.totalCents)} no
        total.
      </p>
      {d.rows.length === 0 ? (
        <p className="rounded-md bg-white p-4 text-sm text-slate-700 shadow-sm">Nada a repassar a terceiros.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm" data-testid="payouts">
          {d.rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-end justify-between gap-3 p-4">
              <div className="text-sm">
                <p className="font-medium text-slate-900">
                  {r.description} · {formatBRL(r.amount_cents)}
                </p>
                <p className="text-slate-600">
                  {CHARGE_KIND_LABELS[r.kind as RentChargeKind]} · {r.tenant_name} · cobrança de{" "}
                  {periodLabel(r.month_year)}, paga em {formatDay(r.payment_date)}
                </p>
              </div>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="id" value={r.id} />
                <label className="text-xs font-medium text-slate-700">
                  Pago em
                  <input
                    type="date"
                    name="pago_em"
                    defaultValue={d.today}
                    max={d.today}
                    className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                  />
                </label>
                <label className="text-xs font-medium text-slate-700">
                  Referência
                  <input
                    type="text"
                    name="referencia"
                    maxLength={120}
                    className="mt-1 block w-40 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                  />
                </label>
                <button
                  className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
                  aria-label={`Marcar como pago: ${r.description}`}
                >
                  Marcar como pago
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {d.pages > 1 ? (
        <Pagination page={d.page} pageCount={d.pages} hrefFor={(p) => `/admin/terceiros?pagina=${p}`} />
      ) : null}
    </div>
  );
}
