import { getDb } from "#app/db/db.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { loadComparisonPdf, renderComparisonPdf } from "#app/models/inspections/comparison-pdf.server";
import { INSPECTION_MESSAGES as M } from "#app/models/inspections/labels";
import { localToday } from "#app/models/shared/days";
import { contentDisposition } from "#app/utils/content-disposition";
import { invariantResponse, parseId, requireRole } from "#app/utils/http.server";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";
import type { Route } from "./+types/comparison-pdf";

// GET /admin/vistorias/{id}/comparacao.pdf: the "Comparativo de Vistorias" of
// an exit inspection, drawn now with today's repair costs (issue 38). A
// resource route under the admin layout (its middleware checked the
// session); staff only. Anything but an exit inspection is a 404.
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, M.notFound, { status: 404 });
  const found = await loadComparisonPdf(getDb(), id);
  invariantResponse(found, M.notFound, { status: 404 });
  const pdf = await renderComparisonPdf(found, pdfAgency(), localToday());
  const name = `Comparativo de Vistorias ${id} - ${found.compared.exit.client_name}.pdf`;
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("attachment", name),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
