import { findOwnerStatementFile } from "#app/models/files/access.server";
import type { Route } from "./+types/owner-statement";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// An owner statement (Extrato do Proprietário nº N), the PDF of a transfer. GET
// (?download=1: attachment): staff, and the owner it is for (decision 0077);
// anyone else the site's 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findOwnerStatementFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function OwnerStatementFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
