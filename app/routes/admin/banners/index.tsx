import { parseWithZod } from "@conform-to/zod/v4";
import { Info } from "#app/components/ui/icons";
import { Plus, RotateCcw } from "#app/components/ui/private-icons";
import { Form } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { BannerCard } from "#app/components/admin/banner-card";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb } from "#app/db/db.server";
import { listAdminBanners, restoreDefaultBanners, toggleBanner } from "#app/models/banners/admin.server";
import { bannerListActionSchema } from "#app/models/banners/banner-actions.schema";
import { BANNER_MESSAGES, MAX_ACTIVE_BANNERS } from "#app/models/banners/defaults";
import { requireRole, readFormData } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/index";

// Gestão de Banners (docs/product.md §Gestão de Banners;
// docs/decisions/0022-fixed-banners.md): the three fixed banners, their state,
// activate/deactivate and "Restaurar padrões". The staff guard runs in the
// admin layout's middleware.
export function meta() {
  return [{ title: "Gestão de Banners | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  const banners = await listAdminBanners(getDb());
  return { banners, active: banners.filter((b) => b.isActive).length };
}

const PATH = "/admin/banners";

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: bannerListActionSchema });
  const failedToggle = (description: string) =>
    redirectWithToast(PATH, { type: "error", title: "Não foi possível alterar o status do banner.", description });
  if (submission.status !== "success") {
    // A toggle of anything but the three fixed banners gets the spec's answer.
    if (submission.payload.intent === "toggle") return failedToggle(BANNER_MESSAGES.onlyFixed);
    return redirectWithToast(PATH, {
      type: "error",
      title: "Ação inválida",
      description: "Recarregue a página e tente novamente.",
    });
  }
  const input = submission.value;

  if (input.intent === "add") {
    return redirectWithToast(PATH, {
      type: "error",
      title: "Falha ao criar o banner",
      description: BANNER_MESSAGES.addRefused,
    });
  }
  if (input.intent === "delete") {
    return redirectWithToast(PATH, {
      type: "error",
      title: "Não foi possível excluir o banner.",
      description: BANNER_MESSAGES.deleteRefused,
    });
  }
  if (input.intent === "restore") {
    await restoreDefaultBanners(getDb(), actor);
    return redirectWithToast(PATH, {
      type: "success",
      title: "Banners restaurados",
      description: "Os 3 banners padrão foram restaurados.",
    });
  }
  const result = await toggleBanner(getDb(), input.id, actor);
  if (result.status === "limit")
    return redirectWithToast(PATH, {
      type: "error",
      title: BANNER_MESSAGES.limitTitle,
      description: BANNER_MESSAGES.limitText,
    });
  if (result.status === "not-found") return failedToggle(BANNER_MESSAGES.onlyFixed);
  return result.status === "activated"
    ? redirectWithToast(PATH, {
        type: "success",
        title: "Banner ativado",
        description: `"${result.title}" voltou à página inicial.`,
      })
    : redirectWithToast(PATH, {
        type: "success",
        title: "Banner desativado",
        description: `"${result.title}" não aparece mais na página inicial.`,
      });
}

export default function BannersPage({ loaderData }: Route.ComponentProps) {
  const { banners, active } = loaderData;
  const restoring = useIsPending({ fields: { intent: "restore" } });
  const adding = useIsPending({ fields: { intent: "add" } });
  return (
    <>
      <AdminTitle title="Gestão de Banners">
        <Form method="post">
          <Button name="intent" value="add" disabled={adding} variant="secondary" size="sm">
            <Plus aria-hidden className="size-4" /> Novo Banner
          </Button>
        </Form>
        <details className="group relative">
          <summary
            className={`${buttonClass("secondary", "sm")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
          >
            <RotateCcw aria-hidden className="size-4" /> Restaurar padrões
          </summary>
          <div className="absolute right-0 z-20 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg bg-white p-4 shadow-lg ring-1 ring-slate-200">
            <p className="text-sm text-slate-700">
              Os 3 banners voltarão aos textos, links e imagens padrão, ativos no desktop e no mobile. As imagens
              enviadas serão apagadas.
            </p>
            <Form method="post" className="mt-3">
              <Button name="intent" value="restore" disabled={restoring} variant="danger" size="sm" className="w-full">
                {restoring ? "Restaurando..." : "Confirmar restauração"}
              </Button>
            </Form>
          </div>
        </details>
      </AdminTitle>

      <p className="mb-4 font-medium text-slate-800" data-testid="banner-count">
        {active} de {MAX_ACTIVE_BANNERS} banners ativos • {banners.length} total
      </p>
      <div className="mb-6 flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>
          O site tem exatamente 3 banners fixos para editar. Altere textos, link, botão, imagens e visibilidade em
          “Editar”; para tirar um banner da página inicial, desative-o. As mudanças aparecem no site no próximo acesso.
        </p>
      </div>

      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {banners.map((b) => (
          <BannerCard key={b.id} banner={b} limitReached={active >= MAX_ACTIVE_BANNERS} />
        ))}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
