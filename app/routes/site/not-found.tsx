import { data } from "react-router";
import { ErrorPage } from "#app/components/site/error-page";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/not-found";

// Any path no other route takes: HTTP 404 inside the site frame.
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Página não encontrada") }, { name: "robots", content: "noindex" }];
}

export function loader() {
  throw data({ message: "Página não encontrada" }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
