import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { getDb, rethrowIfBusy } from "#app/db/db.server";
import { BannerSlider } from "#app/components/site/home/banner-slider";
import { FeaturedSection } from "#app/components/site/home/featured-carousel";
import { CategoryGrid, HomeSearch, MarketReasons, QuickButtons } from "#app/components/site/home/home-sections";
import { IdealPropertySection } from "#app/components/site/home/ideal-property-form";
import { listActiveBanners } from "#app/models/banners/banners.server";
import { createIdealRequest } from "#app/models/leads/leads.server";
import { idealRequestSchema } from "#app/models/leads/ideal-request.schema";
import { listFeatured } from "#app/models/properties/properties.server";
import { invalidSubmission, submissionFailed } from "#app/utils/forms.server";
import { readFormData } from "#app/utils/http.server";
import { useAgency } from "#app/utils/root-data";
import { agencyFrom, seo } from "#app/utils/seo";
import { redirectWithToast } from "#app/utils/toast.server";
import { data } from "react-router";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: `${agencyFrom(matches).name} | Imóveis à venda e para alugar em Três Lagoas - MS`,
    description: "Casas, apartamentos, lançamentos, salas comerciais e terrenos em Três Lagoas - MS. Fale com a gente pelo WhatsApp e encontre o imóvel ideal.",
    path: "/",
  });
}

export async function loader() {
  const db = getDb();
  const banners = await listActiveBanners(db);
  // A failure of the featured list shows its error state, not a broken page (spec §8).
  let featured: Awaited<ReturnType<typeof listFeatured>> = [];
  let featuredError: string | null = null;
  try {
    featured = await listFeatured(db);
  } catch (error) {
    rethrowIfBusy(error);
    console.error("featured list failed", error);
    featuredError = `Erro ao carregar imóveis: ${error instanceof Error ? error.message : "Erro desconhecido"}`;
  }
  return { banners, featured, featuredError, constraint: getZodConstraint(idealRequestSchema) };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: idealRequestSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const success = { type: "success" as const, title: "Solicitação enviada!", description: "Entraremos em contato em breve!" };
  // Honeypot filled: a bot. Answer as if it worked and store nothing.
  if (submission.value.website) return redirectWithToast("/", success);
  try {
    await createIdealRequest(getDb(), submission.value);
  } catch (error) {
    rethrowIfBusy(error);
    console.error("ideal request insert failed", error);
    return data({ result: submission.reply(), alert: submissionFailed() }, { status: 500 });
  }
  return redirectWithToast("/", success);
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
