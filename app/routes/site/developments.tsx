import { ListingPage } from "#app/components/site/listing-page";
import { getDb } from "#app/db/db.server";
import { listDevelopments } from "#app/models/properties/properties.server";
import { seo } from "#app/utils/seo";
import type { Route } from "./+types/developments";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: "Empreendimentos",
    description:
      "Lançamentos e empreendimentos em obras em Três Lagoas - MS: garanta o seu imóvel na planta com condições especiais.",
    path: "/empreendimentos",
  });
}

export async function loader() {
  return { properties: await listDevelopments(getDb()) };
}

export default function DevelopmentsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      title="Empreendimentos"
      subtitle="Lançamentos e obras em andamento em Três Lagoas, com condições especiais de pré-lançamento."
      properties={loaderData.properties}
      emptyTitle="Nenhum empreendimento disponível no momento"
    />
  );
}
