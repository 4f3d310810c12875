import { findQueuedBoletoFile } from "#app/models/files/access.server";
import type { Route } from "./+types/queued-boleto";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// A boleto analysed and not yet processed (the awaiting list): staff only;
// anyone else the site's 404 page. (?download=1: attachment.)
export const middleware: Route.MiddlewareFunction[] = [privateFile(findQueuedBoletoFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function QueuedBoletoFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
