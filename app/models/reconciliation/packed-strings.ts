// A column of strings (or nulls) as ONE string and where each value ends, for
// what crosses between the server thread and the statement thread
// (docs/decisions/0059-statement-import-off-the-event-loop.md). A structured
// clone copies one long string as one block; an array of 36,000 strings is
// 36,000 strings to allocate on arrival: the parsed lines of the 36,000-credit
// file took the server thread 60-90 ms to receive (issue 34, loaded machine),
// in one piece. A value is read back (sliced) only when it is used, a batch
// at a time. Pure and client-safe.

export type PackedStrings = {
  text: string;
  // ends[i]: where value i ends in `text` (it starts where i - 1 ends).
  ends: Uint32Array;
  // 1 where value i is null (then it is empty in `text`).
  nulls: Uint8Array;
};

export function packStrings(values: readonly (string | null | undefined)[]): PackedStrings {
  const ends = new Uint32Array(values.length);
  const nulls = new Uint8Array(values.length);
  const parts: string[] = new Array(values.length);
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) {
      nulls[i] = 1;
      parts[i] = "";
    } else {
      parts[i] = value;
      at += value.length;
    }
    ends[i] = at;
  }
  return { text: parts.join(""), ends, nulls };
}

export function packedLength(column: PackedStrings) {
  return column.ends.length;
}

export function stringAt(column: PackedStrings, i: number): string | null {
  if (column.nulls[i] === 1) return null;
  return column.text.slice(i === 0 ? 0 : column.ends[i - 1], column.ends[i]);
}

// A column that holds no nulls (a line's key, day, memo).
export function textAt(column: PackedStrings, i: number): string {
  return stringAt(column, i) ?? "";
}
