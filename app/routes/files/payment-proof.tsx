import { findPaymentProofFile } from "#app/models/files/access.server";
import type { Route } from "./+types/payment-proof";
import { FileNotFoundPage, fileNotFoundMeta } from "./not-found-page";
import { fileNotFound, privateFile } from "./serve.server";

// GET (?download=1: attachment): staff or the tenant who sent it; anyone
// else the site's 404 page.
export const middleware: Route.MiddlewareFunction[] = [privateFile(findPaymentProofFile)];

export const loader = fileNotFound;

export function meta({ matches }: Route.MetaArgs) {
  return fileNotFoundMeta(matches);
}

// Never drawn: the middleware answers with the file, or the loader with the 404.
export default function PaymentProofFile() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FileNotFoundPage error={error} />;
}
