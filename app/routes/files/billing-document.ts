import { findBillingDocumentFile } from "#app/models/files/access.server";
import type { Route } from "./+types/billing-document";
import { servePrivateFile } from "./serve.server";

// A boleto attached to a billing. GET (?download=1: attachment): staff or the
// client the billing is for; anything else 404.
export function loader({ request, params }: Route.LoaderArgs) {
  return servePrivateFile(request, params.id, findBillingDocumentFile);
}
