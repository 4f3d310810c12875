import { ANY_PRICE } from "./options";

// A search value from a URL or the home search box, trimmed and cut; the
// "all" choices are no value. Apart from the /imoveis filters (filters.ts),
// which only that page downloads, for the home page's search box.
const ALL_VALUES = new Set(["", "all", "todos", "todas", "qualquer", ANY_PRICE]);

export function clean(value: string | null, max = 100) {
  const v = (value ?? "").trim().slice(0, max);
  return ALL_VALUES.has(v.toLowerCase()) ? undefined : v;
}

// The URL for the home search box: "all" choices are left out (docs/product.md
// §Início, 2).
export function homeSearchUrl(values: { type?: string; neighborhood?: string; priceRange?: string }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const v = clean(value ?? null);
    if (v) params.set(key, v);
  }
  const qs = params.toString();
  return qs ? `/imoveis?${qs}` : "/imoveis";
}
