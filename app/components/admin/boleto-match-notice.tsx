import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Info } from "#app/components/ui/icons";
import {
  PAID_KEEPS_AMOUNT,
  createNotice,
  joinNotice,
  keepAmountHint,
  updateAmountLabel,
} from "#app/models/boletos/display";
import { matchBilling, type MatchableBilling } from "#app/models/boletos/match";
import { parseBRL } from "#app/models/shared/money";

// The review page's word on what confirming leads to (issue 19): the boleto
// joins the client's billing of that due date or month (match.ts), or a new
// billing is created. Judged from the form's values: as the admin corrects
// them with JavaScript, and from what the server rendered without it (the
// values read, or those posted after a refusal). When the amounts differ and
// the billing is not paid, "Atualizar o valor da cobrança para R$ X",
// unticked: the billing keeps its amount unless staff say otherwise.

type Values = { due_date?: string; month_year?: string; amount?: string };

const MONTH = /^\d{4}-\d{2}$/;

export function BoletoMatchNotice({
  billings,
  values,
  updateAmount,
}: {
  billings: MatchableBilling[];
  values: Values;
  updateAmount: FieldMetadata<string>;
}) {
  const keys = { due_date: values.due_date || null, month_year: values.month_year || null };
  const billing = matchBilling(keys, billings);
  const cents = parseBRL(values.amount ?? "");
  if (!billing) {
    if (!keys.month_year || !MONTH.test(keys.month_year)) return null;
    return (
      <p className="text-sm text-slate-700" data-testid="boleto-match">
        {createNotice(keys.month_year)}
      </p>
    );
  }
  const differs = typeof cents === "number" && cents > 0 && cents !== billing.amount_cents;
  return (
    <div
      className="space-y-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
      data-testid="boleto-match"
    >
      <p className="flex gap-2">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{joinNotice(billing)}</span>
      </p>
      {differs && billing.status === "paid" ? <p>{PAID_KEEPS_AMOUNT}</p> : null}
      {differs && billing.status !== "paid" ? (
        <div>
          <label className="flex items-center gap-2 font-medium">
            <input
              {...getInputProps(updateAmount, { type: "checkbox" })}
              key={updateAmount.key}
              aria-describedby={updateAmount.descriptionId}
              className="size-5 rounded border-slate-300 text-brand-800 focus:ring-brand-600"
            />
            {updateAmountLabel(cents)}
          </label>
          <p id={updateAmount.descriptionId} className="mt-1 ml-7 text-xs text-sky-900">
            {keepAmountHint(billing)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
