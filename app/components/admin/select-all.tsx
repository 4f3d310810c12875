import { useHydrated } from "#app/components/ui/use-hydrated";

// A box that ticks or clears every box named `name` of a form: a page's
// worth of a bulk action in one click. Drawn only once JavaScript runs
// (without it the box could do nothing); each row's own box works either way.
export function SelectAllBox({ form, name, label }: { form: string; name: string; label: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <span className="sr-only">Selecionar</span>;
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-5 accent-brand-700"
      onChange={(event) => {
        const boxes = document.querySelectorAll<HTMLInputElement>(`#${form} input[type="checkbox"][name="${name}"]`);
        for (const box of boxes) box.checked = event.currentTarget.checked;
      }}
    />
  );
}
