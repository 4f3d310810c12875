import { findQueuedBoletoFile } from "#app/models/files/access.server";
import type { Route } from "./+types/queued-boleto";
import { servePrivateFile } from "./serve.server";

// A boleto analysed and not yet processed (the awaiting list): staff only;
// anyone else 404. (?download=1: attachment.)
export function loader({ request, params }: Route.LoaderArgs) {
  return servePrivateFile(request, params.id, findQueuedBoletoFile);
}
