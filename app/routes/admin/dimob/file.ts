import { getDb } from "#app/db/db.server";
import { dimobFileName, dimobText } from "#app/models/owners/dimob.server";
import { localToday } from "#app/models/shared/days";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";
import { dimobYearParam } from "./year";
import type { Route } from "./+types/file";

// The DIMOB file of a year (docs/decisions/0042-dimob.md), staff only (the
// admin layout's middleware). The Receita's program imports fixed-width
// ISO-8859-1 lines ending in CR LF; our text is plain ASCII, the same bytes.
// With anything blocking it, a 409 with the list instead of a wrong file.
export async function loader({ request }: Route.LoaderArgs) {
  const year = dimobYearParam(new URL(request.url).searchParams.get("ano"), localToday());
  const result = await dimobText(getDb(), year);
  if (!result.ok) {
    const list = result.data.blockers.map((b) => `- ${b.message}`).join("\n");
    return new Response(`O arquivo DIMOB de ${year} não pode ser gerado:\n${list}\n`, {
      status: 409,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  const body = Buffer.from(result.text, "latin1");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=iso-8859-1",
      "Content-Disposition": `attachment; filename="${dimobFileName(year, result.data.declarant!.cnpj)}"`,
      "Content-Length": String(body.byteLength),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
