import { findBillingDocumentFile } from "#app/models/files/access.server";
import type { Route } from "./+types/billing-document";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// A boleto attached to a billing. GET (?download=1: attachment): staff or the
// client the billing is for; anyone else the site's 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findBillingDocumentFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function BillingDocumentFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
