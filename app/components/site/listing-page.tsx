import { Link } from "react-router";
import type { PropertyCard } from "#app/models/properties/types";
import { EmptyState } from "./empty-state";
import { PageHeader } from "./page-header";
import { PropertyGrid } from "./property-card";

// A titled list of properties with its empty state (category pages,
// developments, featured).
export function ListingPage({
  title,
  subtitle,
  properties,
  emptyTitle,
}: {
  title: string;
  subtitle?: string;
  properties: PropertyCard[];
  emptyTitle: string;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {properties.length ? (
          <>
            <p className="mb-4 text-sm text-slate-600">
              {properties.length === 1 ? "1 imóvel" : `${properties.length} imóveis`}
            </p>
            <PropertyGrid properties={properties} eagerFirst />
          </>
        ) : (
          <EmptyState title={emptyTitle}>
            <Link
              to="/imoveis"
              className="mt-2 inline-block rounded-md bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-700"
            >
              Ver todos os imóveis
            </Link>
          </EmptyState>
        )}
      </div>
    </>
  );
}
