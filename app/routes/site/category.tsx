import { data } from "react-router";
import { ErrorPage } from "#app/components/site/error-page";
import { ListingPage } from "#app/components/site/listing-page";
import { getDb } from "#app/db/db.server";
import { categoryByParam, categoryBySlug } from "#app/models/properties/options";
import { listByCategory } from "#app/models/properties/properties.server";
import { pageTitle, seo } from "#app/utils/seo";
import type { Route } from "./+types/category";

// Serves the six category paths (/lancamentos, ...) and /categoria/{category},
// where {category} is a slug or the full category name.
export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle(matches, "Página não encontrada") }];
  const c = loaderData.category;
  return seo({ matches, title: c.name, description: c.subtitle, path: c.path });
}

export async function loader({ url, params }: Route.LoaderArgs) {
  // `url`, not request.url: client navigations request "<path>.data".
  const pathname = url.pathname;
  const param = (params as { category?: string }).category;
  const category = param !== undefined ? categoryByParam(param) : categoryBySlug(pathname.replace(/^\/+|\/+$/g, ""));
  if (!category) throw data({ message: "Categoria não encontrada" }, { status: 404 });
  return { category, properties: await listByCategory(getDb(), category.name) };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, properties } = loaderData;
  return (
    <ListingPage
      title={category.name}
      subtitle={category.subtitle}
      properties={properties}
      emptyTitle="Nenhum imóvel nesta categoria no momento"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
