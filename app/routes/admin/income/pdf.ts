import { getDb } from "#app/db/db.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { issueOwnerIncomePdf, issueTenantIncomePdf } from "#app/models/owners/income-documents.server";
import { ownerIncome, tenantIncome } from "#app/models/owners/income-report.server";
import { contentDisposition } from "#app/utils/content-disposition";
import { invariantResponse, parseId, requireRole } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";
import { reportYear } from "./year";
import type { Route } from "./+types/pdf";

// GET /admin/informes/{proprietario|inquilino}/{id}?ano=2026: the informe as
// a PDF drawn now (docs/decisions/0043-income-reports.md). A resource route
// under the admin layout (its middleware checked the session); staff only.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, "Informe não encontrado", { status: 404 });
  const today = localToday();
  const year = reportYear(new URL(request.url).searchParams.get("ano"), today);
  const agency = pdfAgency();
  let pdf: Uint8Array;
  let name: string;
  if (params.kind === "proprietario") {
    const r = await ownerIncome(getDb(), id, year);
    invariantResponse(r, "Informe não encontrado", { status: 404 });
    pdf = await issueOwnerIncomePdf(getDb(), r, agency, today);
    name = `Informe de Rendimentos ${year} - ${r.owner.name}.pdf`;
  } else if (params.kind === "inquilino") {
    const r = await tenantIncome(getDb(), id, year);
    invariantResponse(r, "Informe não encontrado", { status: 404 });
    pdf = await issueTenantIncomePdf(getDb(), r, agency, today);
    name = `Aluguéis Pagos em ${year} - ${r.client.name}.pdf`;
  } else {
    throw new Response("Informe não encontrado", { status: 404 });
  }
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("attachment", name),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
