import { getDb } from "#app/db/db.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { issueOwnerIncomePdf } from "#app/models/owners/income-documents.server";
import { ownerIncome } from "#app/models/owners/income-report.server";
import { reportYear } from "#app/models/owners/report-year";
import { localToday } from "#app/models/shared/days";
import { contentDisposition } from "#app/utils/content-disposition";
import { invariantResponse } from "#app/utils/http.server";
import { ownerContext } from "#app/utils/owner-context";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";
import type { Route } from "./+types/income-pdf";

// GET /area-do-proprietario/informes/2025: the signed-in owner's informe de
// rendimentos as a PDF drawn now, the same as staff's
// (docs/decisions/0043-income-reports.md). A resource route under the owner
// layout (its middleware checked the session): always the owner's own; the
// year in the path, a year that is not one answers 404.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { owner } = context.get(ownerContext);
  const today = localToday();
  const year = reportYear(params.year, today);
  invariantResponse(String(year) === params.year, "Informe não encontrado", { status: 404 });
  const r = await ownerIncome(getDb(), owner.id, year);
  invariantResponse(r, "Informe não encontrado", { status: 404 });
  const pdf = await issueOwnerIncomePdf(getDb(), r, pdfAgency(), today);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("attachment", `Informe de Rendimentos ${year} - ${r.owner.name}.pdf`),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
