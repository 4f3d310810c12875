// Synchronous work between two turns of the event loop. better-sqlite3 runs
// each statement on this thread and an `await` between two statements is only
// a microtask, so a loop of queries never lets a request in: the loop calls the
// slicer's pause after each step, and every `sliceMs` of work the event loop
// gets a turn (setImmediate). Used by the statement import
// (docs/decisions/0059) and the year's informes and DIMOB (0060).
export const SLICE_MS = 10;

export function slicer(sliceMs = SLICE_MS) {
  let since = performance.now();
  // `always`: a turn now, whatever the time (between two writes of a batch).
  return async (always = false) => {
    if (!always && performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

// `items` in batches of `size`, the event loop given a turn before each
// batch (a batch is a query's worth of work; what ran before the first is the
// caller's, unknown here).
export async function* batchesOf<T>(items: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    await new Promise((resolve) => setImmediate(resolve));
    yield items.slice(i, i + size);
  }
}
