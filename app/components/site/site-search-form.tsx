import { Search } from "#app/components/ui/icons";
import { inputClass } from "#app/components/ui/field";

// Site search (docs/product.md §Moldura): trimmed; empty text does nothing;
// otherwise /imoveis?search={text}. A GET form; the pattern makes the browser
// refuse blank text, and the site's script trims what it sends
// (site-search-form.enhance.ts).
export function SiteSearchForm({ id, autoFocus }: { id: string; autoFocus?: boolean }) {
  return (
    <form method="get" action="/imoveis" role="search" className="flex gap-2" data-site-search>
      <label htmlFor={id} className="sr-only">
        Buscar imóveis
      </label>
      <input
        id={id}
        name="search"
        type="search"
        required
        pattern=".*\S.*"
        maxLength={200}
        // Only the header's search popover asks for it, right after the visitor opened it.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        // Short enough for a 375 px phone; the label says what it searches.
        placeholder="Nome, bairro ou código"
        className={`${inputClass} py-2`}
      />
      <button type="submit" className="rounded-md bg-brand-800 px-3 text-white hover:bg-brand-700" aria-label="Buscar">
        <Search aria-hidden className="size-5" />
      </button>
    </form>
  );
}
