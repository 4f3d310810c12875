// The site search (site-search-form.tsx) sends its text trimmed, as
// /imoveis?search={text}; blank text sends nothing.
export function enhanceSiteSearch(form: HTMLFormElement) {
  form.addEventListener("submit", (event) => {
    const input = form.elements.namedItem("search");
    if (!(input instanceof HTMLInputElement)) return;
    input.value = input.value.trim();
    if (!input.value) event.preventDefault();
  });
}
