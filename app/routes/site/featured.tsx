import { ListingPage } from "#app/components/site/listing-page";
import { getDb } from "#app/db/db.server";
import { listFeatured } from "#app/models/properties/properties.server";
import { agencyFrom, seo } from "#app/utils/seo";
import type { Route } from "./+types/featured";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: "Imóveis em Destaque",
    description: `Os imóveis em destaque da ${agencyFrom(matches).name} em Três Lagoas - MS.`,
    path: "/destaques",
  });
}

export async function loader() {
  return { properties: await listFeatured(getDb(), 200) };
}

export default function FeaturedPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      title="Imóveis em Destaque"
      subtitle="Seleção especial da nossa equipe."
      properties={loaderData.properties}
      emptyTitle="Nenhum imóvel em destaque no momento"
    />
  );
}
