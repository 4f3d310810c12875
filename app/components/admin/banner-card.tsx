import { Monitor, Pencil, Power, Smartphone, Trash2 } from "#app/components/ui/private-icons";
import { Form, Link, href } from "react-router";
import { StatusBadge } from "#app/components/ui/status-badge";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { BANNER_MESSAGES, type AdminBanner } from "#app/models/banners/defaults";
import { BannerImage } from "./banner-image";

// One banner on /admin/banners: its picture, texts, state badges and the
// actions (edit, activate/deactivate, and the refused delete). Plain forms,
// so everything works without JavaScript.
export function BannerCard({ banner, limitReached }: { banner: AdminBanner; limitReached: boolean }) {
  const toggling = useIsPending({ fields: { id: banner.id, intent: "toggle" } });
  const deleting = useIsPending({ fields: { id: banner.id, intent: "delete" } });
  const activateBlocked = !banner.isActive && limitReached;
  return (
    <article
      aria-labelledby={`banner-${banner.id}-title`}
      data-testid={`banner-card-${banner.id}`}
      className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <BannerImage src={banner.imageUrl} className="aspect-[8/3] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap gap-1.5">
          {banner.isActive ? (
            <StatusBadge tone="emerald" size="sm" ring>
              Ativo
            </StatusBadge>
          ) : (
            <StatusBadge tone="grey" size="sm" ring>
              Inativo
            </StatusBadge>
          )}
          {banner.showOnDesktop ? (
            <StatusBadge tone="brand" size="sm" ring>
              <Monitor aria-hidden className="size-3.5" /> Desktop
            </StatusBadge>
          ) : null}
          {banner.showOnMobile ? (
            <StatusBadge tone="brand" size="sm" ring>
              <Smartphone aria-hidden className="size-3.5" /> Mobile
            </StatusBadge>
          ) : null}
        </div>
        <div>
          <h2 id={`banner-${banner.id}-title`} className="text-lg font-semibold text-slate-900">
            {banner.title}
          </h2>
          {banner.subtitle ? <p className="mt-1 text-sm text-slate-600">{banner.subtitle}</p> : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">Link</dt>
          <dd className="truncate text-slate-600">{banner.link || "—"}</dd>
          <dt className="font-medium text-slate-700">Botão</dt>
          <dd className="text-slate-600">{banner.btnText}</dd>
        </dl>
        <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
          <Link
            to={href("/admin/banners/:id", { id: banner.id })}
            aria-label={`Editar ${banner.title}`}
            className="inline-flex items-center gap-1.5 rounded-md bg-brand-800 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <Pencil aria-hidden className="size-4" /> Editar
          </Link>
          <Form method="post">
            <input type="hidden" name="id" value={banner.id} />
            <button
              type="submit"
              name="intent"
              value="toggle"
              disabled={activateBlocked || toggling}
              title={activateBlocked ? BANNER_MESSAGES.limitHint : undefined}
              aria-label={`${banner.isActive ? "Desativar" : "Ativar"} ${banner.title}`}
              className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
            >
              <Power aria-hidden className="size-4" />
              {toggling ? "Salvando..." : banner.isActive ? "Desativar" : "Ativar"}
            </button>
          </Form>
          <Form method="post" className="ml-auto">
            <input type="hidden" name="id" value={banner.id} />
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={deleting}
              aria-label={`Excluir ${banner.title}`}
              className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              <Trash2 aria-hidden className="size-4" /> Excluir
            </button>
          </Form>
        </div>
        {activateBlocked ? <p className="text-xs text-slate-600">{BANNER_MESSAGES.limitHint}</p> : null}
      </div>
    </article>
  );
}
