import { sql, type RawBuilder } from "kysely";
import { searchTerms } from "./list-query";

// A list's search box as one SQL condition (issue 34): what was typed, folded
// like the stored text through SQLite's fold() (accents and case ignored),
// found inside the `text` columns; digits typed alone (a CPF/CNPJ with or
// without its dots, dash and slash) also found inside the `documents`
// columns, compared without their punctuation. null: nothing was typed, no
// condition. Column names are ours (sql.ref), never the visitor's.
//
// The text columns are folded together, one fold() call a row instead of one
// a column (fold is JavaScript called by SQLite: at 5,000 clients, four
// calls a row took 150 ms a search, one about a quarter of it;
// docs/decisions/0060-list-queries.md). They are joined with a unit
// separator, which nobody types, so a match stays inside one column.
export function searchCondition(
  search: string,
  columns: { text: readonly string[]; documents?: readonly string[] },
): RawBuilder<boolean> | null {
  if (!search) return null;
  const terms = searchTerms(search);
  const joined = sql.join(
    columns.text.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
    sql` || char(31) || `,
  );
  const parts = [sql<boolean>`fold(${joined}) like ${terms.pattern} escape '\\'`];
  if (terms.digits)
    for (const c of columns.documents ?? [])
      parts.push(
        sql<boolean>`replace(replace(replace(${sql.ref(c)}, '.', ''), '-', ''), '/', '') like ${terms.digits} escape '\\'`,
      );
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}
