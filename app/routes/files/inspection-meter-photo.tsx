import { findMeterPhotoFile } from "#app/models/files/access.server";
import type { Route } from "./+types/inspection-meter-photo";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// An inspection's meter photo (docs/decisions/0044-inspections.md). GET
// (?download=1: attachment): staff, or the inspection's own client (a photo once finalized); anyone else the site's 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findMeterPhotoFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function InspectionMeterPhotoFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
