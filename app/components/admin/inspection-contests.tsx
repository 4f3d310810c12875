import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Labeled } from "#app/components/ui/labeled";
import type { ItemCondition } from "#app/db/schema";
import { CONDITIONS, conditionLabel, outcomeText } from "#app/models/inspections/labels";

// "Contestações do inquilino" on an inspection's page
// (docs/decisions/0044-inspections.md): each contest with its note and photos,
// the answer given or a form to give it.

export type ContestRow = {
  id: number;
  itemLabel: string;
  note: string;
  photos: number[];
  answer: string | null;
  answered_by_name: string | null;
  itemCondition: ItemCondition | null;
  outcome_condition: ItemCondition | null;
};

const choice =
  "inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border border-amber-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:font-semibold";

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6";
const input =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-red-600";

export function InspectionContests({
  contests,
  error,
  errorFor,
  busy,
}: {
  contests: ContestRow[];
  error?: string;
  errorFor?: number;
  busy: boolean;
}) {
  if (contests.length === 0) return null;
  return (
    <section className={`${card} mt-6`} aria-labelledby="contestacoes">
      <h2 id="contestacoes" className="text-lg font-semibold text-slate-900">
        Contestações do inquilino
      </h2>
      <ul className="mt-3 space-y-4" data-testid="contests">
        {contests.map((c) => (
          <li key={c.id} className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
            <p className="font-semibold">{c.itemLabel}</p>
            <p className="mt-1 whitespace-pre-line">{c.note}</p>
            {c.photos.length ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {c.photos.map((photoId) => (
                  <li key={photoId}>
                    <a href={`/arquivos/vistorias/contestacoes/${photoId}`}>
                      <img
                        src={`/arquivos/vistorias/contestacoes/${photoId}`}
                        alt={`Foto da contestação de ${c.itemLabel}`}
                        loading="lazy"
                        className="h-18 w-24 rounded object-cover ring-1 ring-amber-200"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {c.answer ? (
              <>
                <p className="mt-2">
                  <strong>Resposta de {c.answered_by_name}:</strong> {c.answer}
                </p>
                <p className="mt-1 font-medium">{outcomeText(c.outcome_condition, c.itemCondition)}</p>
              </>
            ) : (
              <Form method="post" className="mt-2 space-y-2" noValidate>
                <input type="hidden" name="intent" value="answer" />
                <input type="hidden" name="contest_id" value={c.id} />
                <Labeled id={`answer-${c.id}`} label="Resposta" error={errorFor === c.id ? error : undefined}>
                  <textarea id={`answer-${c.id}`} name="answer" rows={2} className={input} />
                </Labeled>
                <fieldset>
                  <legend className="mb-1 font-medium text-slate-800">Resultado</legend>
                  <div className="flex flex-wrap gap-2">
                    <label className={choice}>
                      <input type="radio" name="outcome" value="" defaultChecked /> Mantém{" "}
                      {conditionLabel(c.itemCondition)}
                    </label>
                    {CONDITIONS.filter((k) => k.value !== c.itemCondition).map((k) => (
                      <label key={k.value} className={choice}>
                        <input type="radio" name="outcome" value={k.value} /> Passa a {k.label}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <Button variant="secondary" disabled={busy}>
                  Responder
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
