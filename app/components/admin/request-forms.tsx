import { Form } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AutoSubmitSelect } from "#app/components/ui/auto-submit-select";
import { REQUEST_STATUSES, REQUEST_STATUS_VALUES } from "#app/models/leads/admin/request-status";

// The two forms of every request (inbox row and detail page). Plain POSTs with
// a submit button, so they work without JavaScript; once hydrated, choosing an
// option submits at once and the button goes away (AutoSubmitSelect).

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
  const busy = useIsPending({ fields: { intent: "status", id: String(id) } });
  return (
    <Form
      method="post"
      preventScrollReset
      data-testid="status-form"
      aria-busy={busy || undefined}
      className="transition-opacity aria-busy:opacity-60"
    >
      <Hidden intent="status" id={id} redirectTo={redirectTo} />
      <AutoSubmitSelect
        id={`status-${id}`}
        name="status"
        value={status}
        label={showLabel ? "Status" : `Status da solicitação de ${name}`}
        showLabel={showLabel}
        saves="status"
      >
        {REQUEST_STATUS_VALUES.map((s) => (
          <option key={s} value={s}>
            {REQUEST_STATUSES[s].label}
          </option>
        ))}
      </AutoSubmitSelect>
    </Form>
  );
}

export function RequestResponsibleForm({
  id,
  name,
  resolvedBy,
  staff,
  redirectTo,
  showLabel,
}: FormProps & { resolvedBy: string | null; staff: string[] }) {
  const busy = useIsPending({ fields: { intent: "responsible", id: String(id) } });
  // A former staff member stays visible as the current value, but cannot be chosen again.
  const inactive = resolvedBy && !staff.includes(resolvedBy) ? resolvedBy : null;
  return (
    <Form
      method="post"
      preventScrollReset
      data-testid="responsible-form"
      aria-busy={busy || undefined}
      className="transition-opacity aria-busy:opacity-60"
    >
      <Hidden intent="responsible" id={id} redirectTo={redirectTo} />
      <AutoSubmitSelect
        id={`responsible-${id}`}
        name="resolved_by"
        value={resolvedBy ?? ""}
        label={showLabel ? "Responsável" : `Responsável pela solicitação de ${name}`}
        showLabel={showLabel}
        saves="responsável"
        submitWhen={(v) => v !== ""}
      >
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
      </AutoSubmitSelect>
    </Form>
  );
}
