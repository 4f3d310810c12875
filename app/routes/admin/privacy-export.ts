import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import { privacyActionSchema } from "#app/models/privacy/privacy.schema";
import { exportPersonalData } from "#app/models/privacy/privacy.server";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/privacy-export";

// POST /admin/privacidade/exportar: the JSON of everything held about one
// email, as a download (LGPD art. 18, II and V). A resource route under the
// admin layout, so its middleware has checked the session; the master role
// is checked here. The export is recorded in the audit trail.
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(context, "master", "consultar, exportar ou apagar dados pessoais");
  const submission = parseWithZod(await readFormData(request), { schema: privacyActionSchema });
  if (submission.status !== "success" || submission.value.intent !== "export") {
    return redirectWithToast("/admin/privacidade", { type: "error", title: "Informe um email válido" });
  }
  const body = await exportPersonalData(getDb(), submission.value.email, me);
  const day = body.exported_at.slice(0, 10);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="dados-pessoais-${day}.json"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}

// A GET (a bookmark, a reload) has nothing to show: back to the page.
export async function loader({ context }: Route.LoaderArgs) {
  await requireRole(context, "master", "consultar, exportar ou apagar dados pessoais");
  return redirectWithToast("/admin/privacidade", { type: "error", title: "Use o botão Baixar dados" });
}
