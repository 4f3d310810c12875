import { findContestPhotoFile } from "#app/models/files/access.server";
import type { Route } from "./+types/inspection-contest-photo";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// A photo sent with a tenant's contest of an inspection item. GET
// (?download=1: attachment): staff, or that tenant; anyone else the site's 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findContestPhotoFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function ContestPhotoFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
