// How the Boletos column names a file (docs/product.md §Cobranças: cut at 15
// characters): the first 15 characters and "...", the whole name kept for the
// title attribute. Counted in characters people see (code points), so an accent
// or an emoji is never cut in half. Client-safe.
export const FILE_NAME_SHOWN = 15;

export function shortFileName(name: string, max = FILE_NAME_SHOWN) {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : name;
}
