import { findReadjustmentNoticeFile } from "#app/models/files/access.server";
import type { Route } from "./+types/readjustment-notice";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// A readjustment's "Aviso de Reajuste" (decisions 0041, 0080), its PDF (the
// accepted version once the tenant accepted it). GET (?download=1:
// attachment): staff, and the tenant of that contract; anyone else the 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findReadjustmentNoticeFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function ReadjustmentNoticeFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
