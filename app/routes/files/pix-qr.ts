import { getDb } from "#app/db/db.server";
import { openBillingChargesToday } from "#app/models/billing/billing.server";
import { billingTxid, pixPayload } from "#app/models/billing/pix";
import { pixQrSvg } from "#app/models/billing/pix-qr.server";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { parseId } from "#app/utils/http.server";
import { PRIVATE_CACHE_CONTROL } from "#app/utils/private-paths";
import type { Route } from "./+types/pix-qr";
import { viewerOf } from "./serve.server";

// The Pix QR Code of an open billing as an SVG image (docs/decisions/0032-pix-br-code.md),
// for the amount due today: staff, or the client whose billing it is, once it
// is issued; anyone else, a paid billing or no Pix key: 404. An image rather
// than SVG written into the page: the page stays small on a slow phone, and
// its hydration data does not carry each code a second time.
export async function loader({ request, params }: Route.LoaderArgs) {
  const notFound = () =>
    new Response("Não encontrado", { status: 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  const settings = getChargingSettings();
  const id = parseId(params.id);
  if (!settings.pix || id === null) return notFound();
  const viewer = await viewerOf(request);
  if (!viewer) return notFound();
  const charges = await openBillingChargesToday(getDb(), id, viewer, { issueDays: settings.issueDays });
  if (!charges) return notFound();
  const svg = await pixQrSvg(pixPayload(settings.pix, charges.total, billingTxid(id)));
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
  });
}
