import { Form, Link } from "react-router";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { SelectAllBox } from "#app/components/admin/select-all";
import { Button } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { BULK_REFUSALS } from "#app/models/owners/bulk-transfer.schema";
import type { PendingTransfer } from "#app/models/owners/transfers.server";
import { formatBRL } from "#app/models/shared/money";
import type { BulkAnswer } from "./bulk-actions.server";
import { TransferDateInput } from "./transfer-date";

// Repasses' "Pendentes" table as one form (issue 34, bulk): a box per owner
// whose value carries the net amount shown, one date for all, and "Marcar
// selecionados como repassados". Each owner's own statement stays one click
// away on the name.

const thClass = "px-4 py-2 font-medium";

export function PendingTransfersForm({
  rows,
  month,
  today,
  answer,
}: {
  rows: PendingTransfer[];
  month: string;
  today: string;
  answer: BulkAnswer | null;
}) {
  const busy = useIsPending();
  const picked = new Set(answer?.picked ?? []);
  // After a run with refusals the boxes start over (the amounts shown are
  // new); after a bad date they stay as ticked.
  const key = answer?.outcomes ? answer.outcomes.map((o) => `${o.ownerId}${o.ok ? "" : o.reason}`).join(",") : "form";
  return (
    <Form method="post" id="repasses-em-lote" key={key} aria-label="Marcar repasses como feitos">
      <table className={stackedTableClass} data-testid="pending-transfers">
        <thead className={stackedHeadClass}>
          <tr>
            <th className={`${thClass} w-10`}>
              <SelectAllBox form="repasses-em-lote" name="repasse" label="Selecionar todos desta página" />
            </th>
            <th className={thClass}>Proprietário</th>
            <th className={thClass}>Aluguéis</th>
            <th className={`${thClass} text-right`}>Recebido</th>
            <th className={`${thClass} text-right`}>Taxas</th>
            <th className={`${thClass} text-right`}>A repassar</th>
          </tr>
        </thead>
        <tbody className={stackedBodyClass}>
          {rows.map((p) => {
            const value = `${p.ownerId}:${p.netCents}`;
            return (
              <tr key={p.ownerId} className={`${stackedRowClass} relative`}>
                {/* On a phone, the box sits at the card's top right. */}
                <td className="absolute top-4 right-4 md:static md:px-4 md:py-3">
                  <input
                    type="checkbox"
                    name="repasse"
                    value={value}
                    defaultChecked={picked.has(value)}
                    aria-label={`Selecionar ${p.ownerName}`}
                    className="size-5 accent-brand-700"
                  />
                </td>
                <StackedCell label="Proprietário" wide>
                  <Link
                    to={`/admin/repasses/${p.ownerId}/${month}`}
                    className="font-semibold text-brand-800 hover:underline"
                  >
                    {p.ownerName}
                  </Link>
                </StackedCell>
                <StackedCell label="Aluguéis">{p.rents}</StackedCell>
                <StackedCell label="Recebido" className="md:text-right">
                  {formatBRL(p.grossCents)}
                </StackedCell>
                <StackedCell label="Taxas" className="md:text-right">
                  {formatBRL(p.adminFeeCents + p.firstRentFeeCents)}
                </StackedCell>
                <StackedCell label="A repassar" className="font-semibold md:text-right">
                  {formatBRL(p.netCents)}
                  {p.deductionsCents !== 0 ? (
                    <span className="block text-xs font-normal text-slate-600">
                      após descontos de {formatBRL(p.deductionsCents)}
                    </span>
                  ) : null}
                </StackedCell>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="flex flex-wrap items-end gap-3 border-t border-slate-100 p-4">
        <TransferDateInput
          id="repasses-data"
          month={month}
          today={today}
          value={answer?.transferredOn || today}
          error={answer?.dateError}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-600"
        />
        <Button type="submit" disabled={busy}>
          Marcar selecionados como repassados
        </Button>
        <p className="basis-full text-xs text-slate-600">
          Cada proprietário marcado recebe seu extrato por email. Confira os valores antes: um repasse feito não se
          desfaz.
        </p>
      </div>
      {answer?.formError ? (
        <div className="px-4 pb-4">
          <FormAlert title={answer.formError} />
        </div>
      ) : null}
    </Form>
  );
}

// What the last bulk post did, owner by owner, when some were refused.
export function BulkTransferSummary({ outcomes }: { outcomes: NonNullable<BulkAnswer["outcomes"]> }) {
  const done = outcomes.filter((o) => o.ok);
  const refused = outcomes.filter((o) => !o.ok);
  return (
    <div
      role="status"
      data-testid="bulk-transfer-summary"
      className="mt-4 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-amber-300"
    >
      <h2 className="font-semibold text-slate-900">
        {done.length === 0
          ? "Nenhum repasse registrado"
          : `${done.length} ${done.length === 1 ? "repasse registrado" : "repasses registrados"}`}
        {`; ${refused.length} ${refused.length === 1 ? "recusado" : "recusados"}`}
      </h2>
      {done.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          {done.map((o) =>
            o.ok ? (
              <li key={o.ownerId}>
                {o.ownerName}: {formatBRL(o.netCents)}, Extrato do Proprietário nº {o.number}
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      <ul className="mt-2 list-disc space-y-1 pl-5 text-amber-900">
        {refused.map((o) =>
          o.ok ? null : (
            <li key={o.ownerId}>
              {o.ownerName ?? `Proprietário nº ${o.ownerId}`}: {BULK_REFUSALS[o.reason]}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
