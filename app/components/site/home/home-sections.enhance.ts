import { homeSearchUrl } from "#app/models/properties/search-values";

// "Encontre seu Imóvel" (home-sections.tsx) opens /imoveis with only the
// choices made: the "all" values stay out of the URL.
export function enhanceHomeSearch(form: HTMLFormElement) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const values = new FormData(form);
    window.location.assign(
      homeSearchUrl({
        type: String(values.get("type") ?? ""),
        neighborhood: String(values.get("neighborhood") ?? ""),
        priceRange: String(values.get("priceRange") ?? ""),
      }),
    );
  });
}
