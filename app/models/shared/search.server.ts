import { sql, type RawBuilder } from "kysely";
import { searchTerms } from "./list-query";

// A list's search box as one SQL condition (issue 34): what was typed, folded
// like the stored text through SQLite's fold() (accents and case ignored),
// found inside any of the `text` columns; digits typed alone (a CPF/CNPJ with
// or without its dots, dash and slash) also found inside the `documents`
// columns, compared without their punctuation. null: nothing was typed, no
// condition. Column names are ours (sql.ref), never the visitor's.
export function searchCondition(
  search: string,
  columns: { text: readonly string[]; documents?: readonly string[] },
): RawBuilder<boolean> | null {
  if (!search) return null;
  const terms = searchTerms(search);
  const parts = columns.text.map((c) => sql<boolean>`fold(${sql.ref(c)}) like ${terms.pattern} escape '\\'`);
  if (terms.digits)
    for (const c of columns.documents ?? [])
      parts.push(
        sql<boolean>`replace(replace(replace(${sql.ref(c)}, '.', ''), '-', ''), '/', '') like ${terms.digits} escape '\\'`,
      );
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}
