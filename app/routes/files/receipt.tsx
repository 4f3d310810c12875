import { findReceiptFile } from "#app/models/files/access.server";
import type { Route } from "./+types/receipt";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// A rent receipt's PDF. GET (?download=1: attachment): staff, or the client
// whose billing it is while it is in force; anyone else the site's 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findReceiptFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function ReceiptFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
