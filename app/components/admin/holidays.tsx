import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { HOLIDAY_SCOPE_LABELS, HOLIDAY_SCOPES } from "#app/models/calendar/holiday.schema";
import { formatDay } from "#app/models/clients/status";

// The pieces of "Feriados" (routes/admin/holidays/index.tsx): a year's days,
// each with "Editar" (a link: the form below takes its values) and "Remover"
// (a post), and the form that adds a day or corrects one. Plain forms.

type Holiday = { day: string; name: string; scope: (typeof HOLIDAY_SCOPES)[number]; source: string };

const weekdayFmt = new Intl.DateTimeFormat("pt-BR", { weekday: "long", timeZone: "UTC" });
const weekdayOf = (day: string) => weekdayFmt.format(new Date(`${day}T12:00:00Z`));

export function HolidayTable({ year, days }: { year: number; days: Holiday[] }) {
  return (
    <section aria-labelledby="holidays-year" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="holidays-year" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
        {days.length} {days.length === 1 ? "dia" : "dias"} em {year}
      </h2>
      {days.length === 0 ? (
        <p className="p-4 text-sm text-slate-700">Nenhum feriado cadastrado para {year}.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {days.map((h) => (
            <li key={h.day} data-testid="holiday" className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {formatDay(h.day)} <span className="font-normal text-slate-600">({weekdayOf(h.day)})</span>
                </p>
                <p className="text-slate-900">{h.name}</p>
                <p className="text-xs text-slate-600">
                  {HOLIDAY_SCOPE_LABELS[h.scope]} · {h.source}
                </p>
              </div>
              <div className="flex gap-2">
                <Link
                  to={`/admin/feriados?ano=${year}&editar=${h.day}`}
                  className={buttonClass("secondary")}
                  aria-label={`Editar ${h.name}, ${formatDay(h.day)}`}
                >
                  Editar
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="day" value={h.day} />
                  <Button variant="secondary" aria-label={`Remover ${h.name}, ${formatDay(h.day)}`}>
                    Remover
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HolidayForm({
  constraint,
  editing,
  result,
  alert,
}: {
  constraint: FormConstraint;
  editing: Holiday | null;
  result: SubmissionResult<string[]> | undefined;
  alert: string | null | undefined;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({
    lastResult: result,
    constraint,
    defaultValue: editing ? { ...editing, day: formatDay(editing.day) } : { scope: "municipal" },
    shouldRevalidate: "onSubmit",
  });
  return (
    <section
      aria-labelledby="holiday-form"
      className="order-first rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:order-last"
    >
      <h2 id="holiday-form" className="text-lg font-semibold text-slate-900">
        {editing ? "Corrigir feriado" : "Adicionar feriado"}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        {alert ? <FormAlert title="Erro" description={alert} /> : null}
        <input type="hidden" name="intent" value="save" />
        <Field meta={fields.day} label="Data *" type="text" inputMode="numeric" hint="dd/mm/aaaa" />
        <Field meta={fields.name} label="Nome *" type="text" autoComplete="off" />
        <Field meta={fields.scope} label="Tipo *" as="select">
          {HOLIDAY_SCOPES.map((s) => (
            <option key={s} value={s}>
              {HOLIDAY_SCOPE_LABELS[s]}
            </option>
          ))}
        </Field>
        <Field
          meta={fields.source}
          label="Fonte *"
          type="text"
          hint="A lei, o decreto ou o calendário bancário que o declara."
        />
        <div className="flex flex-wrap gap-3">
          <Button disabled={busy}>{busy ? "Salvando..." : "Salvar feriado"}</Button>
          {editing ? (
            <Link to={`/admin/feriados?ano=${editing.day.slice(0, 4)}`} className={buttonClass("secondary")}>
              Cancelar
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
