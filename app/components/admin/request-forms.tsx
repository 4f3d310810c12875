import { useHydrated } from "#app/components/ui/use-hydrated";
import { useSyncedValue } from "#app/components/ui/use-synced-value";
import type { ChangeEvent } from "react";
import { Form, useNavigation } from "react-router";
import { REQUEST_STATUSES, REQUEST_STATUS_VALUES } from "#app/models/leads/admin/request-status";

// The two forms of every request (inbox row and detail page). Plain POSTs with
// a submit button, so they work without JavaScript; once hydrated, choosing an
// option submits at once and the button goes away.

const selectClass =
  "block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";
const saveClass =
  "shrink-0 rounded-md bg-brand-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function useBusy(id: number, intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === String(id);
}

type FormProps = { id: number; name: string; redirectTo: string; showLabel?: boolean };

function Hidden({ intent, id, redirectTo }: { intent: string; id: number; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

export function RequestStatusForm({ id, name, status, redirectTo, showLabel }: FormProps & { status: string }) {
  const hydrated = useHydrated();
  const busy = useBusy(id, "status");
  const [value, setValue] = useSyncedValue(status);
  const selectId = `status-${id}`;
  function onChange(e: ChangeEvent<HTMLSelectElement>) {
    setValue(e.currentTarget.value);
    if (hydrated) e.currentTarget.form?.requestSubmit();
  }
  return (
    <Form method="post" preventScrollReset data-testid="status-form" aria-busy={busy || undefined} className="transition-opacity aria-busy:opacity-60">
      <Hidden intent="status" id={id} redirectTo={redirectTo} />
      <label htmlFor={selectId} className={showLabel ? "mb-1 block text-sm font-medium text-slate-800" : "sr-only"}>
        {showLabel ? "Status" : `Status da solicitação de ${name}`}
      </label>
      <div className="flex items-center gap-2">
        <select id={selectId} name="status" value={value} onChange={onChange} className={selectClass}>
          {REQUEST_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {REQUEST_STATUSES[s].label}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className={saveClass}>
            Salvar<span className="sr-only"> status</span>
          </button>
        )}
      </div>
    </Form>
  );
}

export function RequestResponsibleForm({ id, name, resolvedBy, staff, redirectTo, showLabel }: FormProps & { resolvedBy: string | null; staff: string[] }) {
  const hydrated = useHydrated();
  const busy = useBusy(id, "responsible");
  const [value, setValue] = useSyncedValue(resolvedBy ?? "");
  const selectId = `responsible-${id}`;
  // A former staff member stays visible as the current value, but cannot be chosen again.
  const inactive = resolvedBy && !staff.includes(resolvedBy) ? resolvedBy : null;
  function onChange(e: ChangeEvent<HTMLSelectElement>) {
    setValue(e.currentTarget.value);
    if (hydrated && e.currentTarget.value) e.currentTarget.form?.requestSubmit();
  }
  return (
    <Form method="post" preventScrollReset data-testid="responsible-form" aria-busy={busy || undefined} className="transition-opacity aria-busy:opacity-60">
      <Hidden intent="responsible" id={id} redirectTo={redirectTo} />
      <label htmlFor={selectId} className={showLabel ? "mb-1 block text-sm font-medium text-slate-800" : "sr-only"}>
        {showLabel ? "Responsável" : `Responsável pela solicitação de ${name}`}
      </label>
      <div className="flex items-center gap-2">
        <select id={selectId} name="resolved_by" value={value} onChange={onChange} className={selectClass}>
          <option value="">Escolher responsável…</option>
          {inactive ? (
            <option value={inactive} disabled>
              {inactive} (inativo)
            </option>
          ) : null}
          {Array.from(new Set(staff)).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className={saveClass}>
            Salvar<span className="sr-only"> responsável</span>
          </button>
        )}
      </div>
    </Form>
  );
}
