import { CONDITIONS } from "#app/models/inspections/labels";

// An item's name, state and note on a room's screen (routes/admin/inspections/room.tsx),
// fields of the room's one form ("comodo") by their `form` attribute, named
// by the item's id. `typed`: what was posted when the room was refused.

type Item = { id: number; name: string; condition: string | null; note: string | null };
type Typed = { name: string; condition: string; note: string };

const input =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-red-600";

export function ItemFields({ item, typed, error }: { item: Item; typed?: Typed; error?: string }) {
  const errorId = `item-error-${item.id}`;
  const invalid = error ? true : undefined;
  return (
    <div className="space-y-3">
      <input
        form="comodo"
        name={`name-${item.id}`}
        aria-label="Item"
        aria-invalid={invalid}
        aria-describedby={error ? errorId : undefined}
        defaultValue={typed?.name ?? item.name}
        className="block w-full border-0 border-b border-transparent p-0 text-base font-semibold text-slate-900 focus:border-brand-600 focus:ring-0"
      />
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Estado de {item.name}</legend>
        <div className="flex flex-wrap gap-2">
          {CONDITIONS.map((c) => (
            <label
              key={c.value}
              className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
            >
              <input
                type="radio"
                form="comodo"
                name={`condition-${item.id}`}
                value={c.value}
                defaultChecked={(typed ? typed.condition : item.condition) === c.value}
              />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`note-${item.id}`} className="mb-1 block text-sm font-medium text-slate-800">
          Observação
        </label>
        <textarea
          id={`note-${item.id}`}
          form="comodo"
          name={`note-${item.id}`}
          rows={2}
          defaultValue={typed?.note ?? item.note ?? ""}
          className={input}
        />
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
