import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "#app/components/ui/icons";
import { Link, data } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { BannerForm } from "#app/components/admin/banner-form";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb } from "#app/db/db.server";
import { getAdminBanner, updateBanner } from "#app/models/banners/admin.server";
import { bannerSchema } from "#app/models/banners/banner.schema";
import { BANNER_MESSAGES, isBannerId } from "#app/models/banners/defaults";
import { requireRole } from "#app/utils/http.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/edit";
import { readBannerFormData, storeUploadedBannerImages } from "./banner-upload.server";

// Edits one of the three fixed banners (docs/decisions/0022-fixed-banners.md).
// Any other id is a 404 here and the spec's refusal for a post.
export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData ? `Editar ${loaderData.banner.title}` : "Banner"} | Painel Administrativo` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params }: Route.LoaderArgs) {
  const banner = isBannerId(params.id) ? await getAdminBanner(getDb(), params.id) : undefined;
  if (!banner) throw data("Banner não encontrado", { status: 404 });
  return { banner, constraint: getZodConstraint(bannerSchema) };
}

const LIST = "/admin/banners";
const FAILED = "Falha ao atualizar o banner";

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  if (!isBannerId(params.id))
    return redirectWithToast(LIST, { type: "error", title: FAILED, description: BANNER_MESSAGES.onlyFixed });
  const id = params.id;
  const body = await readBannerFormData(request);
  if ("error" in body)
    return data({ result: null, alert: { title: FAILED, description: body.error } }, { status: 400 });

  const submission = parseWithZod(body.formData, { schema: bannerSchema });
  const tooLarge = Object.keys(body.tooLarge).length ? body.tooLarge : undefined;
  if (submission.status !== "success" || tooLarge)
    return data({ result: submission.reply({ fieldErrors: tooLarge }), alert: null }, { status: 400 });

  const stored = await storeUploadedBannerImages(submission.value);
  if ("fieldErrors" in stored)
    return data({ result: submission.reply({ fieldErrors: stored.fieldErrors }), alert: null }, { status: 400 });

  let updated: boolean;
  try {
    updated = await updateBanner(getDb(), id, submission.value, actor, stored.images);
  } catch (error) {
    return failedWriteAlert("banner.update_failed", error, {
      result: submission.reply(),
      alert: { title: FAILED, description: "Nada foi alterado. Tente novamente em instantes." },
    });
  }
  if (!updated)
    return redirectWithToast(LIST, { type: "error", title: FAILED, description: BANNER_MESSAGES.onlyFixed });
  return redirectWithToast(LIST, {
    type: "success",
    title: "Banner atualizado",
    description: `"${submission.value.title}" foi salvo e aparece assim no próximo acesso ao site.`,
  });
}

export default function EditBannerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, constraint } = loaderData;
  return (
    <>
      <Link
        to={LIST}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Voltar para Gestão de Banners
      </Link>
      <AdminTitle title="Editar Banner">
        <span className="rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
          {banner.id}
        </span>
      </AdminTitle>
      <BannerForm
        key={banner.id}
        banner={banner}
        constraint={constraint}
        lastResult={actionData?.result}
        alert={actionData?.alert}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} notFoundTitle="Banner não encontrado" notFoundText={BANNER_MESSAGES.onlyFixed} />;
}
