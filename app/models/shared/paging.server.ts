import type { SelectQueryBuilder } from "kysely";
import { LIST_PAGE_SIZE } from "./list-query";

export type Paged<R> = { rows: R[]; total: number; page: number; pages: number };

// The page shown for `requested` of a list of `total` rows: at least 1, at
// most the last page (a list whose size is known without counting it, such as
// a statement's review, whose summary has the counts, pages with this).
export function clampPage(total: number, requested: number, size = LIST_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(total / size));
  return { pages, page: Math.min(Math.max(1, requested), pages) };
}

// One page of a list: the filtered query counted once, the page number clamped
// to the last page (a link to page 900 of a list of 3 shows page 1... of 1),
// and only that page's rows read. `rowsOf` adds the columns and the order to
// the same filtered query.
export async function pageOf<DB, TB extends keyof DB, O, R>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  requested: number,
  rowsOf: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  size = LIST_PAGE_SIZE,
): Promise<Paged<R>> {
  const counted = await filtered
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const total = Number((counted as { total: number }).total);
  const { page, pages } = clampPage(total, requested, size);
  const rows = await rowsOf(filtered)
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { rows: rows as R[], total, page, pages };
}

// Every row of a list, a batch at a time (a CSV export, issue 34): the same
// filtered and ordered query the page reads, so the file has what the list
// shows in its order, without holding the whole list at once. The lists read
// this way are of people (a few thousand rows), where an offset costs little;
// Cobranças, the big one, reads by key instead (billingExportBatches).
export async function* queryBatches<DB, TB extends keyof DB, R>(ordered: SelectQueryBuilder<DB, TB, R>, size = 500) {
  for (let offset = 0; ; offset += size) {
    const rows = (await ordered.limit(size).offset(offset).execute()) as R[];
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

// pageOf for rows already in memory (a report computed whole, such as the
// DIMOB's contracts): the same clamping, that page's rows.
export function pageOfRows<R>(all: readonly R[], requested: number, size = LIST_PAGE_SIZE): Paged<R> {
  const total = all.length;
  const { page, pages } = clampPage(total, requested, size);
  return { rows: all.slice((page - 1) * size, page * size), total, page, pages };
}

// Every row of a long list newest first (the audit log: 830,000 rows at 5,000
// contracts), a batch at a time by key: each batch starts after the last row
// of the one before (`read(after, size)`), a short query on the list's index.
// OFFSET would re-read every row before each batch (quadratic over such a
// log), and one long statement would hold the app's one connection for the
// whole download.
export async function* keysetBatches<R, K>(
  read: (after: K | null, size: number) => Promise<R[]>,
  keyOf: (row: R) => K,
  size = 1000,
) {
  let after: K | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]);
  }
}
