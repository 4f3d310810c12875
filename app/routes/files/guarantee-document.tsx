import { findGuaranteeDocumentFile } from "#app/models/files/access.server";
import type { Route } from "./+types/guarantee-document";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// A guarantee's document (decision 0075). GET (?download=1: attachment):
// staff, and the tenant of that contract; anyone else the 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findGuaranteeDocumentFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function GuaranteeDocumentFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
