import { normalizeText } from "#app/models/shared/text";

// Text search that ignores case and accents: both the stored search_text and
// the query go through normalizeText() (app/models/shared/text.ts).
export { normalizeText };

export function formatPropertyCode(code: number) {
  return `#${String(code).padStart(4, "0")}`;
}

export function buildSearchText(p: { name: string; location: string; type: string; property_code: number }) {
  return normalizeText(`${p.name} | ${p.location} | ${p.type} | ${formatPropertyCode(p.property_code)}`);
}

// "#0100" or "#100" names a property code exactly.
export function codeFromQuery(query: string): number | null {
  const m = /^#\s*(\d{1,9})$/.exec(query.trim());
  return m ? Number(m[1]) : null;
}

// Escapes LIKE wildcards so a visitor's "%" or "_" is matched literally.
export function likePattern(normalized: string) {
  return `%${normalized.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
