import { SlidersHorizontal, X } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { inputClass } from "#app/components/ui/field";
import { MINIMUM_COUNTS, SORTS, type PropertyFilter, type Sort } from "#app/models/properties/filters";
import { ADVERTISED_FOR, ADVERTISED_FOR_LABELS, CATEGORIES, FILTER_TYPES, NEIGHBORHOODS, PRICE_RANGES } from "#app/models/properties/options";

type Chip = { label: string; href: string };

function Select({ id, label, name, value, children }: { id: string; label: string; name: string; value: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {/* key: a client-side navigation (a chip, Limpar filtros) resets the choice. */}
      <select id={id} name={name} defaultValue={value} key={`${name}-${value}`} className={inputClass}>
        {children}
      </select>
    </div>
  );
}

// The /imoveis filter form: a GET form, so every filter lives in the URL and
// works without JavaScript (decision 0001). On phones it folds behind a
// "Filtros (n)" <details>, which opens without JavaScript too; from 768 px
// the panel is always shown (app.css: .filters-panel).
export function PropertyFilters({ filter, sort, chips }: { filter: PropertyFilter; sort: Sort; chips: Chip[] }) {
  const f: Omit<Extract<PropertyFilter, { kind: "filters" }>, "kind"> = filter.kind === "filters" ? filter : {};
  const search = filter.kind === "search" ? filter.text : "";
  return (
    <details className="filters-panel group rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 px-5 py-3 font-semibold text-brand-800 md:hidden">
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden className="size-5" /> Filtros ({chips.length})
        </span>
        <span className="text-sm font-medium text-slate-600 group-open:hidden">Mostrar</span>
        <span className="hidden text-sm font-medium text-slate-600 group-open:inline">Ocultar</span>
      </summary>
      <Form method="get" action="/imoveis" className="grid gap-4 border-t border-slate-200 p-5 sm:grid-cols-2 md:border-t-0 lg:grid-cols-4">
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
        <Select id="filter-category" label="Categoria" name="category" value={f.category ?? ""}>
          <option value="">Todas as categorias</option>
          {CATEGORIES.map((c) => (
            <option key={c.slug} value={c.name}>
              {c.name}
            </option>
          ))}
        </Select>
        <Select id="filter-type" label="Tipo" name="type" value={f.type ?? ""}>
          <option value="">Todos os tipos</option>
          {FILTER_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <Select id="filter-neighborhood" label="Bairro" name="neighborhood" value={f.neighborhood ?? ""}>
          <option value="">Todos os bairros</option>
          {NEIGHBORHOODS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <Select id="filter-price" label="Faixa de preço" name="priceRange" value={f.priceRange ?? ""}>
          <option value="">Qualquer preço</option>
          {Object.entries(PRICE_RANGES).map(([value, r]) => (
            <option key={value} value={value}>
              {r.label}
            </option>
          ))}
        </Select>
        <Select id="filter-advertised-for" label="Modalidade" name="advertised_for" value={f.advertisedFor ?? ""}>
          <option value="">Todas as modalidades</option>
          {ADVERTISED_FOR.map((a) => (
            <option key={a} value={a}>
              {ADVERTISED_FOR_LABELS[a]}
            </option>
          ))}
        </Select>
        <Select id="filter-bedrooms" label="Quartos" name="bedrooms" value={f.bedrooms ? String(f.bedrooms) : ""}>
          <option value="">Qualquer quantidade</option>
          {MINIMUM_COUNTS.map((n) => (
            <option key={n} value={n}>
              {n}+ {n === 1 ? "quarto" : "quartos"}
            </option>
          ))}
        </Select>
        <Select id="filter-parking" label="Vagas de garagem" name="parking" value={f.parking ? String(f.parking) : ""}>
          <option value="">Qualquer quantidade</option>
          {MINIMUM_COUNTS.map((n) => (
            <option key={n} value={n}>
              {n}+ {n === 1 ? "vaga" : "vagas"}
            </option>
          ))}
        </Select>
        <Select id="filter-sort" label="Ordenar por" name="sort" value={sort}>
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-2">
          <button type="submit" className="flex-1 rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
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
    <div role="status" className="mt-6 flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900" data-testid="applied-filters">
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
