import { getZodConstraint } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import { idealRequestAction } from "./ideal-request.server";
import { BannerSlider } from "#app/components/site/home/banner-slider";
import { FeaturedSection } from "#app/components/site/home/featured-carousel";
import { CategoryGrid, HomeSearch, MarketReasons, QuickButtons } from "#app/components/site/home/home-sections";
import { IdealPropertySection } from "#app/components/site/home/ideal-property-form";
import { listActiveBanners } from "#app/models/banners/banners.server";
import { idealRequestSchema } from "#app/models/leads/ideal-request.schema";
import { listFeatured } from "#app/models/properties/properties.server";
import { reportFailure } from "#app/utils/failure.server";
import { useAgency } from "#app/utils/root-data";
import { agencyFrom, seo } from "#app/utils/seo";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: `${agencyFrom(matches).name} | Imóveis à venda e para alugar em Três Lagoas - MS`,
    description:
      "Casas, apartamentos, lançamentos, salas comerciais e terrenos em Três Lagoas - MS. Fale com a gente pelo WhatsApp e encontre o imóvel ideal.",
    path: "/",
  });
}

export async function loader() {
  const db = getDb();
  const banners = await listActiveBanners(db);
  // A failure of the featured list shows its error state, not a broken page
  // (docs/product.md §Início, 5).
  let featured: Awaited<ReturnType<typeof listFeatured>> = [];
  let featuredError: string | null = null;
  try {
    featured = await listFeatured(db);
  } catch (error) {
    reportFailure("featured.list_failed", error);
    featuredError = "Erro ao carregar imóveis. Tente novamente em instantes.";
  }
  return { banners, featured, featuredError, constraint: getZodConstraint(idealRequestSchema) };
}

// Posts to "/?index" (pages rendered before the form moved to "/"; root.tsx).
export async function action({ request }: Route.ActionArgs) {
  return idealRequestAction(request);
}

export default function HomePage({ loaderData, actionData }: Route.ComponentProps) {
  const agency = useAgency();
  return (
    <>
      <h1 className="sr-only">{agency.name}: imóveis à venda e para alugar em Três Lagoas - MS</h1>
      <BannerSlider banners={loaderData.banners} />
      <HomeSearch />
      <QuickButtons />
      <CategoryGrid />
      <FeaturedSection properties={loaderData.featured} error={loaderData.featuredError} />
      <MarketReasons />
      <IdealPropertySection constraint={loaderData.constraint} actionData={actionData} />
    </>
  );
}
