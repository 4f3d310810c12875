import { findMaintenanceDocumentFile } from "#app/models/files/access.server";
import type { Route } from "./+types/maintenance-document";
import { servePrivateFile } from "./serve.server";

// GET (?download=1: attachment): staff or the client who owns the row; anything else 404.
export function loader({ request, params }: Route.LoaderArgs) {
  return servePrivateFile(request, params.id, findMaintenanceDocumentFile);
}
