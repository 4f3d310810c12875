import { CSV_CONTENT_TYPE, csvStream, type CsvCell } from "#app/models/shared/csv";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";

// A staff list's "Exportar CSV" answer (issue 34): the file streamed a batch
// at a time, downloaded under `filename`, never kept by a cache.
export function csvResponse(
  filename: string,
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly CsvCell[])[]>,
) {
  return new Response(csvStream(header, pages), {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
