import { findStatementFile } from "#app/models/files/access.server";
import type { Route } from "./+types/statement";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// An imported bank statement (OFX or CNAB 240), as uploaded. GET
// (?download=1: attachment): staff only; anyone else the site's 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findStatementFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function StatementFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
