import type { ChangeEvent } from "react";
import { Trash2, Download } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { BillingStatusBadge, OpenBalance } from "#app/components/billing/billing-status-badge";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { AutoSubmitSelect } from "#app/components/ui/auto-submit-select";
import { billingRowAnchor } from "#app/models/billing/billing-query";
import { REMINDERS_FORM_ID, REMINDER_FIELD } from "#app/models/billing/bulk-reminders";
import { shortFileName } from "#app/models/billing/display";
import { periodLabel, type BillingPeriod } from "#app/models/billing/months";
import { GraceNote, ProRata } from "#app/components/billing/period-notes";
import { BILLING_STATUS_OPTIONS, PAST_DUE_NOTE, isPartiallyPaid, isPastDue } from "#app/models/billing/status";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";

// A billing as the back office shows it, wherever it is listed: a client's
// group and a queue on the Cobranças tab (billing-panel.tsx), and the
// billing's own dialog (routes/admin/clients/billing-manage.tsx), which
// reuses its boletos, status form and past-due note. Every control is a plain
// link or POST, so it works without JavaScript. Statuses arrive effective
// (pending and past due: overdue); a row past due and unpaid says so under
// its selector, which then reads Em Atraso even when Pendente was chosen.

export type BillingPanelDocument = { id: number; file_name: string };
export type BillingPanelBilling = {
  id: number;
  month_year: string;
  amount_cents: number;
  due_date: string;
  grace_until?: string; // absent: the due date (decision 0066)
  status: string;
  payment_date: string | null;
  amount_paid_cents: number | null;
  open_cents: number;
  documents: BillingPanelDocument[];
} & BillingPeriod;
const iconButton = "inline-flex size-8 shrink-0 items-center justify-center rounded border bg-white";

// The table of billings: a client's group, or a queue (clients mixed, the
// client first). From md up a table, which scrolls inside its card rather
// than widen it.
export type BillingTableRow = BillingPanelBilling & { client_name?: string; whatsapp?: string | null };

export function BillingTable({
  rows,
  today,
  caption,
  withClient = false,
  selectFor,
}: {
  rows: BillingTableRow[];
  today: string;
  caption: string;
  withClient?: boolean;
  /** Em atraso: each overdue row gets a checkbox of this form (the bulk reminder). */
  selectFor?: string;
}) {
  const columns = [...(withClient ? ["Cliente"] : []), "Período", "Valor", "Vencimento", "Status", "Boletos", "Ações"];
  return (
    <table className={stackedTableClass}>
      <caption className="sr-only">{caption}</caption>
      <thead className={stackedHeadClass}>
        <tr>
          {columns.map((c) => (
            <th key={c} className="px-4 py-2 font-medium">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={stackedBodyClass}>
        {rows.map((b) => (
          <BillingRow
            key={b.id}
            billing={b}
            today={today}
            clientName={withClient ? (b.client_name ?? "") : undefined}
            whatsapp={b.whatsapp}
            selectable={!!selectFor && b.status === "overdue"}
          />
        ))}
      </tbody>
    </table>
  );
}

// A billing's row; in a queue (clients mixed) it starts with the client.
export function BillingRow({
  billing: b,
  today,
  clientName,
  whatsapp,
  selectable = false,
}: {
  billing: BillingPanelBilling;
  today: string;
  clientName?: string;
  /** The overdue tenant's reminder (models/billing/reminder.ts), in a queue. */
  whatsapp?: string | null;
  /** Em atraso: a checkbox of the bulk reminder's form, beside the client. */
  selectable?: boolean;
}) {
  const period = periodLabel(b.month_year);
  return (
    <tr id={billingRowAnchor(b.id)} data-testid="billing-row" className={`${stackedRowClass} scroll-mt-24`}>
      {clientName !== undefined ? (
        <StackedCell label="Cliente">
          {selectable ? (
            <label className="flex items-start gap-2">
              <ReminderBox id={b.id} label={`Selecionar ${clientName}, ${period}`} />
              <span className="font-medium text-slate-900">{clientName}</span>
            </label>
          ) : (
            <span className="font-medium text-slate-900">{clientName}</span>
          )}
        </StackedCell>
      ) : null}
      <StackedCell label="Período">
        <Link
          preventScrollReset
          to={`/admin/clients/cobrancas/${b.id}`}
          className="font-medium text-slate-900 underline-offset-2 hover:underline"
        >
          {period}
        </Link>
      </StackedCell>
      <StackedCell label="Valor">
        <span className="whitespace-nowrap">{formatBRL(b.amount_cents)}</span>
        <ProRata billing={b} />
      </StackedCell>
      <StackedCell label="Vencimento">
        <span className="whitespace-nowrap">{formatDay(b.due_date)}</span>
        <GraceNote billing={b} />
      </StackedCell>
      <StackedCell label="Status">
        <BillingStatusBadge status={b.status} partial={isPartiallyPaid(b)} />
        {isPartiallyPaid(b) ? <OpenBalance cents={b.open_cents} className="mt-1" /> : null}
        {b.payment_date ? (
          <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
            Pago em {formatDay(b.payment_date)}
          </span>
        ) : null}
      </StackedCell>
      <StackedCell label="Boletos" wide>
        <BillingDocuments documents={b.documents} />
      </StackedCell>
      <StackedCell label="Ações" wide>
        <BillingStatusForm id={b.id} status={b.status} label={`Status da cobrança de ${period}`} />
        <PastDueNote status={b.status} graceUntil={b.grace_until ?? b.due_date} today={today} />
        {whatsapp ? (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={clientName ? `Lembrar ${clientName} pelo WhatsApp` : "Lembrar pelo WhatsApp"}
            className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 underline-offset-2 hover:underline"
          >
            WhatsApp
          </a>
        ) : null}
      </StackedCell>
    </tr>
  );
}

// "Selecionar todas desta página" of the bulk reminder (billing-queue.tsx).
export const REMINDERS_ALL_BOX_ID = `${REMINDERS_FORM_ID}-todas`;

// A row's box of the bulk reminder: it joins the form above the table by its
// `form` attribute; unticked, it unticks "Selecionar todas desta página", so
// that with JavaScript what is sent is what is ticked.
function ReminderBox({ id, label }: { id: number; label: string }) {
  const untickAll = (e: ChangeEvent<HTMLInputElement>) => {
    const all = document.getElementById(REMINDERS_ALL_BOX_ID);
    if (!e.currentTarget.checked && all instanceof HTMLInputElement) all.checked = false;
  };
  return (
    <input
      type="checkbox"
      form={REMINDERS_FORM_ID}
      name={REMINDER_FIELD}
      value={id}
      aria-label={label}
      onChange={untickAll}
      className="mt-0.5 size-5 shrink-0 accent-brand-700"
    />
  );
}

// Under the selector of an unpaid billing past its grace day (decision 0066):
// why it reads Em Atraso (Pendente saved there shows as Em Atraso).
export function PastDueNote({ status, graceUntil, today }: { status: string; graceUntil: string; today: string }) {
  if (status !== "overdue" || !isPastDue(graceUntil, today)) return null;
  return <p className="mt-1 text-xs text-slate-600 first-letter:uppercase">{PAST_DUE_NOTE}</p>;
}

// Each attached boleto: its name cut at 15 characters (the whole name in the
// title), opened in a new tab; Baixar; Excluir asks first on its own page.
export function BillingDocuments({ documents }: { documents: BillingPanelDocument[] }) {
  if (documents.length === 0) return <span className="text-slate-500">Nenhum boleto</span>;
  return (
    <ul className="max-w-xs space-y-1.5">
      {documents.map((d) => (
        <li key={d.id} className="flex items-center gap-1.5">
          <a
            href={`/arquivos/cobrancas/${d.id}`}
            target="_blank"
            rel="noopener noreferrer"
            title={d.file_name}
            className="mr-auto min-w-0 truncate text-brand-800 underline-offset-2 hover:underline"
          >
            {shortFileName(d.file_name)}
          </a>
          <a
            href={`/arquivos/cobrancas/${d.id}?download=1`}
            download
            className={`${iconButton} border-slate-300 hover:bg-slate-50`}
          >
            <Download aria-hidden className="size-4" />
            <span className="sr-only">Baixar {d.file_name}</span>
          </a>
          <Link
            preventScrollReset
            to={`/admin/clients/cobrancas/documentos/${d.id}/excluir`}
            className={`${iconButton} border-red-200 text-red-800 hover:bg-red-50`}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="sr-only">Excluir {d.file_name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

// The status selector (docs/product.md §Cobranças, "Ações"): a POST with a
// Salvar button, so it works without JavaScript; once hydrated, choosing an
// option submits at once (AutoSubmitSelect, as the requests' selectors).
export function BillingStatusForm({
  id,
  status,
  label,
  showLabel,
}: {
  id: number;
  status: string;
  label: string;
  showLabel?: boolean;
}) {
  const action = `/admin/clients/cobrancas/${id}`;
  const busy = useIsPending({ formAction: action });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      aria-busy={busy || undefined}
      className="transition-opacity aria-busy:opacity-60"
    >
      <input type="hidden" name="intent" value="status" />
      <AutoSubmitSelect
        id={`billing-status-${id}`}
        name="status"
        value={status}
        label={label}
        showLabel={showLabel}
        saves="status"
        className="md:min-w-40"
      >
        {BILLING_STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </AutoSubmitSelect>
    </Form>
  );
}
