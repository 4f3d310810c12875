import { SlidersHorizontal, X } from "#app/components/ui/icons";
import { Form, Link } from "react-router";
import { inputClass } from "#app/components/ui/field";
import { MINIMUM_COUNTS, SORTS, type PropertyFilter, type Sort } from "#app/models/properties/filters";
import {
  ADVERTISED_FOR,
  ADVERTISED_FOR_LABELS,
  CATEGORIES,
  FILTER_TYPES,
  NEIGHBORHOODS,
  PRICE_RANGES,
} from "#app/models/properties/options";

type Chip = { label: string; href: string };

type Choice = readonly [value: string | number, label: string];

// A labelled select whose first choice ("", `anyLabel`) means no filter.
function Select({
  id,
  label,
  name,
  value,
  anyLabel,
  choices,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  anyLabel?: string;
  choices: readonly Choice[];
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {/* key: a client-side navigation (a chip, Limpar filtros) resets the choice. */}
      <select id={id} name={name} defaultValue={value} key={`${name}-${value}`} className={inputClass}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

const same = (values: readonly string[]): Choice[] => values.map((v) => [v, v]);
const priceChoices: Choice[] = Object.entries(PRICE_RANGES).map(([v, r]) => [v, r.label]);
const modalityChoices: Choice[] = ADVERTISED_FOR.map((a) => [a, ADVERTISED_FOR_LABELS[a]]);
const minimums = (one: string, many: string): Choice[] =>
  MINIMUM_COUNTS.map((n) => [n, `${n}+ ${n === 1 ? one : many}`]);

// The /imoveis filter form: a GET form, so every filter lives in the URL and
// works without JavaScript (decision 0001). On phones it folds behind a
// "Filtros (n)" <details>, which opens without JavaScript too; from 768 px
// the panel is always shown (app.css: .filters-panel).
export function PropertyFilters({ filter, sort, chips }: { filter: PropertyFilter; sort: Sort; chips: Chip[] }) {
  const f: Omit<Extract<PropertyFilter, { kind: "filters" }>, "kind"> = filter.kind === "filters" ? filter : {};
  const search = filter.kind === "search" ? filter.text : "";
  const selects: Parameters<typeof Select>[0][] = [
    {
      id: "filter-category",
      label: "Categoria",
      name: "category",
      value: f.category ?? "",
      anyLabel: "Todas as categorias",
      choices: same(CATEGORIES.map((c) => c.name)),
    },
    {
      id: "filter-type",
      label: "Tipo",
      name: "type",
      value: f.type ?? "",
      anyLabel: "Todos os tipos",
      choices: same(FILTER_TYPES),
    },
    {
      id: "filter-neighborhood",
      label: "Bairro",
      name: "neighborhood",
      value: f.neighborhood ?? "",
      anyLabel: "Todos os bairros",
      choices: same(NEIGHBORHOODS),
    },
    {
      id: "filter-price",
      label: "Faixa de preço",
      name: "priceRange",
      value: f.priceRange ?? "",
      anyLabel: "Qualquer preço",
      choices: priceChoices,
    },
    {
      id: "filter-advertised-for",
      label: "Modalidade",
      name: "advertised_for",
      value: f.advertisedFor ?? "",
      anyLabel: "Todas as modalidades",
      choices: modalityChoices,
    },
    {
      id: "filter-bedrooms",
      label: "Quartos",
      name: "bedrooms",
      value: String(f.bedrooms ?? ""),
      anyLabel: "Qualquer quantidade",
      choices: minimums("quarto", "quartos"),
    },
    {
      id: "filter-parking",
      label: "Vagas de garagem",
      name: "parking",
      value: String(f.parking ?? ""),
      anyLabel: "Qualquer quantidade",
      choices: minimums("vaga", "vagas"),
    },
    { id: "filter-sort", label: "Ordenar por", name: "sort", value: sort, choices: Object.entries(SORTS) },
  ];
  return (
    <details className="filters-panel group rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 px-5 py-3 font-semibold text-brand-800 md:hidden">
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden className="size-5" /> Filtros ({chips.length})
        </span>
        <span className="text-sm font-medium text-slate-600 group-open:hidden">Mostrar</span>
        <span className="hidden text-sm font-medium text-slate-600 group-open:inline">Ocultar</span>
      </summary>
      <Form
        method="get"
        action="/imoveis"
        className="grid gap-4 border-t border-slate-200 p-5 sm:grid-cols-2 md:border-t-0 lg:grid-cols-4"
      >
        <div className="sm:col-span-2">
          <label htmlFor="filter-search" className="mb-1 block text-sm font-medium text-slate-800">
            Buscar
          </label>
          <input
            id="filter-search"
            name="search"
            type="search"
            defaultValue={search}
            key={search}
            maxLength={200}
            placeholder="Nome, bairro ou código"
            aria-describedby="filter-search-hint"
            className={inputClass}
          />
          <p id="filter-search-hint" className="mt-1 text-xs text-slate-600">
            Ex.: Jardim Alvorada, sobrado, #0100. A busca por texto ignora os demais filtros.
          </p>
        </div>
        {selects.map((props) => (
          <Select key={props.id} {...props} />
        ))}
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-2">
          <button
            type="submit"
            className="flex-1 rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Filtrar
          </button>
          <Link
            to="/imoveis"
            className="inline-flex flex-1 items-center justify-center gap-1 rounded-md border border-slate-300 px-4 py-2.5 font-medium text-slate-700 hover:bg-slate-50"
          >
            <X aria-hidden className="size-4" /> Limpar filtros
          </Link>
        </div>
      </Form>
    </details>
  );
}

// The applied filters, each a link to the list without it (works without JavaScript).
export function FilterChips({ chips }: { chips: Chip[] }) {
  if (chips.length === 0) return null;
  return (
    <div
      role="status"
      className="mt-6 flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900"
      data-testid="applied-filters"
    >
      <span className="font-semibold">Filtros aplicados:</span>
      {chips.map((c) => (
        <Link
          key={c.label}
          to={c.href}
          className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-white py-1 pr-2 pl-3 ring-1 ring-brand-100 hover:ring-brand-600"
          aria-label={`Remover filtro ${c.label}`}
        >
          {c.label} <X aria-hidden className="size-4 text-slate-600" />
        </Link>
      ))}
    </div>
  );
}
