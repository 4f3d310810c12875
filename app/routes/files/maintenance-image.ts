import { findMaintenanceImageFile } from "#app/models/files/access.server";
import type { Route } from "./+types/maintenance-image";
import { servePrivateFile } from "./serve.server";

// GET (?download=1: attachment): staff or the client who owns the row; anything else 404.
export function loader({ request, params }: Route.LoaderArgs) {
  return servePrivateFile(request, params.id, findMaintenanceImageFile);
}
