import { findSettlementFile } from "#app/models/files/access.server";
import type { Route } from "./+types/settlement";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// A lease's "Termo de Encerramento" (decision 0069), its PDF. GET
// (?download=1: attachment): staff, and the tenant of that contract; anyone else the 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findSettlementFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function SettlementFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
