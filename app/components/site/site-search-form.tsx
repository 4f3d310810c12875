import { Search } from "#app/components/ui/icons";
import { Form, useNavigate } from "react-router";
import { inputClass } from "#app/components/ui/field";

// Site search (docs/product.md §Moldura): trimmed; empty text does nothing;
// otherwise /imoveis?search={text}. A GET form, so it works without JavaScript;
// the pattern makes the browser refuse blank text.
export function SiteSearchForm({ id, onDone, autoFocus }: { id: string; onDone?: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action="/imoveis"
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem("search") as HTMLInputElement;
        const text = input.value.trim();
        if (!text) return;
        input.value = "";
        onDone?.();
        navigate(`/imoveis?search=${encodeURIComponent(text)}`);
      }}
    >
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
    </Form>
  );
}
