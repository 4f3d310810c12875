// The site header (header.tsx): the mobile menu's button says what it will
// do, and the search box puts the focus in its field when it opens.
export function enhanceHeader(root: HTMLElement) {
  const menu = root.querySelector<HTMLDetailsElement>("details[data-mobile-menu]");
  const toggle = menu?.querySelector("summary");
  if (menu && toggle) {
    const label = () => toggle.setAttribute("aria-label", menu.open ? "Fechar menu" : "Abrir menu");
    menu.addEventListener("toggle", label);
    // Opened before this script ran (a slow phone): say so at once.
    label();
  }
  const search = root.querySelector<HTMLDetailsElement>("details[data-search-box]");
  search?.addEventListener("toggle", () => {
    if (search.open) search.querySelector<HTMLInputElement>("input[type=search]")?.focus();
  });
}
