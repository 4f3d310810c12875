import { Download } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { formatCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { formatDay } from "#app/models/clients/status";
import { ownerStatement } from "#app/models/owners/transfers.server";
import { shareNote } from "#app/models/owners/statement";
import { formatBRL } from "#app/models/shared/money";
import { invariantResponse, readFormData, requireRole } from "#app/utils/http.server";
import { parseId } from "#app/utils/ids";
import { localToday } from "#app/models/shared/days";
import { EmailState } from "./email-state";
import { transferMonth } from "./month";
import { TransferDateInput } from "./transfer-date";
import { cancelDeductionAction, deductionAction, deductionForms, markTransferAction } from "./statement-actions.server";
import { DeductionForm, DeductionsList, StatementTotals } from "./deductions";
import type { Route } from "./+types/statement";

// "Extrato do Proprietário" (docs/decisions/0040-owner-transfers.md): the
// rents received for the owner in the month, the fees, the transfer; while
// pending, "Marcar repasse como feito" (the date) makes it final, numbered,
// kept as a PDF and emailed to the owner. The owner's entries not yet in a
// final statement come off the transfer (decision 0064): deductions staff
// post here ("Lançar desconto"), an estorno of money already transferred,
// what an earlier statement carried.
export function meta({ data }: Route.MetaArgs) {
  const name = data?.owner.name ?? "Proprietário";
  return [{ title: `Extrato de ${name} | Painel Administrativo` }, { name: "robots", content: "noindex" }];
}

function readParams(params: Route.LoaderArgs["params"]) {
  const ownerId = parseId(params.ownerId);
  const month = transferMonth(params.month, localToday());
  return ownerId !== null && month === params.month ? { ownerId, month } : null;
}

export async function loader({ params }: Route.LoaderArgs) {
  const asked = readParams(params);
  invariantResponse(asked, "Extrato não encontrado", { status: 404 });
  const found = await ownerStatement(getDb(), asked.ownerId, asked.month);
  invariantResponse(found, "Proprietário não encontrado", { status: 404 });
  return {
    ...found,
    month: asked.month,
    today: localToday(),
    ...(await deductionForms(asked.ownerId, found.statement.deductions)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const asked = readParams(params);
  invariantResponse(asked, "Extrato não encontrado", { status: 404 });
  const form = await readFormData(request);
  if (form.get("intent") === "deduction") return deductionAction(form, asked, actor);
  if (form.get("intent") === "cancel-deduction") return cancelDeductionAction(form, asked, actor);
  return markTransferAction(form, asked, actor);
}

const thClass = "px-4 py-2 font-medium";

export default function OwnerStatementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { owner, final, statement, lines, month, today } = loaderData;
  const transfer = actionData && "transferredOn" in actionData ? actionData : undefined;
  const busy = useIsPending();
  const period = periodLabel(month);
  return (
    <div>
      <AdminTitle title="Extrato do Proprietário">
        <Link to={`/admin/repasses?mes=${month}`} className={buttonClass("secondary")}>
          Voltar aos Repasses
        </Link>
      </AdminTitle>
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 className="text-xl font-semibold text-slate-900">{owner.name}</h2>
        <p className="mt-1 text-sm text-slate-700">
          Aluguéis recebidos em <span className="font-medium">{period}</span>
          {owner.cpf_cnpj ? ` · CPF/CNPJ ${formatCpfCnpj(normalizeCpfCnpj(owner.cpf_cnpj))}` : ""}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Repasse para:{" "}
          {owner.pix_key ? `Pix ${owner.pix_key}` : (owner.bank_account ?? "forma de repasse não cadastrada")}
          {" · "}
          <Link to={`/admin/clients/proprietarios/${owner.id}`} className="text-brand-700 hover:underline">
            Editar proprietário
          </Link>
        </p>
        {final ? (
          <div
            className="mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
            role="status"
          >
            <p className="font-semibold">
              Extrato nº {final.id}: repassado em {formatDay(final.transferred_on)} por {final.created_by_name}.
            </p>
            <p className="mt-1">
              Email: <EmailState statement={final} />
            </p>
            <a
              href={`/arquivos/extratos-proprietario/${final.id}?download=1`}
              download
              className="mt-2 inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              <Download aria-hidden className="size-4" /> Baixar PDF
            </a>
          </div>
        ) : null}
      </section>

      <section className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="recebimentos">
        <h2 id="recebimentos" className="p-4 text-lg font-semibold text-slate-900">
          Recebimentos
        </h2>
        {lines.length === 0 ? (
          <p className="px-4 pb-6 text-sm text-slate-600">Nenhum aluguel recebido neste mês para este proprietário.</p>
        ) : (
          <table className={stackedTableClass} data-testid="statement-lines">
            <thead className={stackedHeadClass}>
              <tr>
                <th className={thClass}>Inquilino</th>
                <th className={thClass}>Período</th>
                <th className={thClass}>Pago em</th>
                <th className={`${thClass} text-right`}>Recebido</th>
                <th className={`${thClass} text-right`}>Multa e juros</th>
                <th className={`${thClass} text-right`}>Taxa</th>
                <th className={`${thClass} text-right`}>Líquido</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {lines.map((l) => (
                <tr key={l.billingId} className={stackedRowClass}>
                  <StackedCell label="Inquilino" wide>
                    <span className="font-medium">{l.tenantName}</span>
                  </StackedCell>
                  <StackedCell label="Período">
                    {periodLabel(l.monthYear)}
                    {shareNote(l) ? <span className="block text-xs text-slate-600">{shareNote(l)}</span> : null}
                  </StackedCell>
                  <StackedCell label="Pago em">
                    {formatDay(l.paymentDate)}
                    {l.paymentMonth !== month ? (
                      <span className="block text-xs text-slate-600">registrado após o repasse daquele mês</span>
                    ) : null}
                  </StackedCell>
                  <StackedCell label="Recebido" className="md:text-right">
                    {formatBRL(l.receivedCents)}
                  </StackedCell>
                  <StackedCell label="Multa e juros" className="md:text-right">
                    {l.chargesCents ? formatBRL(l.chargesCents) : "—"}
                  </StackedCell>
                  <StackedCell label="Taxa" className="md:text-right">
                    − {formatBRL(l.firstRentFeeCents || l.adminFeeCents)}
                    <span className="block text-xs text-slate-600">
                      {l.firstRentFeeCents ? "1º aluguel" : "administração"}
                    </span>
                  </StackedCell>
                  <StackedCell label="Líquido" className="font-semibold md:text-right">
                    {formatBRL(l.netCents)}
                    {l.reimbursedCents ? (
                      <span className="block text-xs font-normal text-slate-600">
                        com {formatBRL(l.reimbursedCents)} de reembolso
                      </span>
                    ) : null}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {lines.length > 0 ? <StatementTotals statement={statement} final={final !== null} /> : null}
      </section>

      <DeductionsList deductions={statement.deductions} cancellable={loaderData.cancellable} />

      {!final && lines.length > 0 ? (
        <section className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Marcar repasse como feito</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-700">
            Depois de transferir {formatBRL(statement.netCents)} ao proprietário, informe a data. O extrato fica
            numerado e definitivo, e o proprietário o recebe em PDF por email.
          </p>
          <Form method="post" className="mt-4 max-w-md space-y-4" noValidate>
            {transfer?.formError ? <FormAlert title={transfer?.formError} /> : null}
            <input type="hidden" name="net_cents" value={statement.netCents} />
            <TransferDateInput
              id="transferred_on"
              month={month}
              today={today}
              value={transfer?.transferredOn ?? today}
              error={transfer?.dateError}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-600"
            />
            <Button disabled={busy}>
              {busy ? (
                "Registrando..."
              ) : (
                <>
                  Confirmar repasse de <span className="whitespace-nowrap">{formatBRL(statement.netCents)}</span>
                </>
              )}
            </Button>
          </Form>
        </section>
      ) : null}

      <DeductionForm
        loaderData={loaderData}
        result={actionData && "deduction" in actionData ? actionData.deduction : undefined}
      />
    </div>
  );
}
