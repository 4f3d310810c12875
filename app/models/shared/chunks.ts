// A list cut in parts of `size` (the last one shorter): rows written or ids
// read a statement at a time, so that each holds SQLite a few milliseconds.
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
