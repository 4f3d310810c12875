import { Pencil, Star, StarOff, Trash2 } from "#app/components/ui/private-icons";
import { Form, Link, href } from "react-router";
import { Button } from "#app/components/ui/button";
import { isPendingFor, usePendingSubmission } from "#app/components/ui/use-is-pending";
import { ADVERTISED_FOR_LABELS } from "#app/models/properties/options";
import { PropertyImage } from "#app/components/site/property-image";
import { formatPropertyCode } from "#app/models/properties/search";
import type { AdminPropertyRow } from "#app/models/properties/admin/types";
import { formatPrice } from "#app/models/shared/money";

// The unpaginated list of "Gestão de Imóveis" (docs/product.md
// §Gestão de Imóveis) with its row actions. Every action is a plain POST form
// (intent + id): it works without JavaScript. Deleting asks for confirmation
// through a <details> that reveals the "Confirmar exclusão" button.

type PropertyListItem = Omit<AdminPropertyRow, "type" | "created_at">;

type Pending = { pending: FormData | null };

function ToggleFeatured({ item, pending }: { item: PropertyListItem } & Pending) {
  const busy = isPendingFor(pending, { id: String(item.id) });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="toggle-featured" />
      <input type="hidden" name="id" value={item.id} />
      <button
        type="submit"
        disabled={busy}
        aria-pressed={item.featured}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50"
      >
        {item.featured ? <StarOff aria-hidden className="size-4" /> : <Star aria-hidden className="size-4" />}
        {item.featured ? "Remover dos destaques" : "Adicionar aos destaques"}
      </button>
    </Form>
  );
}

function DeleteProperty({ item, pending }: { item: PropertyListItem } & Pending) {
  const busy = isPendingFor(pending, { intent: "delete", id: String(item.id) });
  return (
    <details className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        <Trash2 aria-hidden className="size-4" /> Excluir
      </summary>
      <div className="absolute right-0 z-10 mt-2 w-64 rounded-lg border border-red-200 bg-white p-3 text-sm shadow-lg">
        <p className="text-slate-800">
          Excluir <strong>{item.name}</strong> e todas as suas imagens? Esta ação não pode ser desfeita.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={item.id} />
          <Button variant="danger" size="sm" disabled={busy} className="w-full">
            {busy ? "Excluindo..." : "Confirmar exclusão"}
          </Button>
        </Form>
      </div>
    </details>
  );
}

// Whether the listing goes to the portals (/feeds/vrsync.xml), and if not why.
function FeedStatus({ issues }: { issues: string[] | undefined }) {
  if (!issues?.length)
    return <p className="mt-1 text-xs font-medium text-emerald-800">Enviado aos portais (ZAP, VivaReal, OLX)</p>;
  return (
    <p data-testid="feed-issues" className="mt-1 text-xs text-amber-900">
      <span className="font-semibold">Fora dos portais:</span> {issues.join("; ")}.
    </p>
  );
}

export function PropertyList({
  items,
  feedIssues = {},
}: {
  items: PropertyListItem[];
  feedIssues?: Record<number, string[]>;
}) {
  // Every row's forms post to this page: one look at the submission under way for all of them.
  const pending = usePendingSubmission();
  return (
    <ul className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-label="Imóveis">
      {items.map((item) => (
        <li
          key={item.id}
          data-testid="property-row"
          data-id={item.id}
          className="flex flex-col gap-4 p-4 md:flex-row md:items-center"
        >
          <PropertyImage
            image={item.cover}
            alt=""
            sizes="128px"
            target={480}
            className="aspect-[4/3] w-full shrink-0 rounded-md object-cover md:w-32"
          />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold text-slate-500">{formatPropertyCode(item.property_code)}</p>
            <h2 className="truncate text-base font-semibold text-slate-900">{item.name}</h2>
            <p className="truncate text-sm text-slate-600">{item.location}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-brand-800">{formatPrice(item.price_cents)}</span>
              <span
                className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
                title={ADVERTISED_FOR_LABELS[item.advertised_for]}
              >
                {item.advertised_for}
              </span>
              {item.featured ? (
                <span className="inline-flex items-center gap-1 rounded bg-gold-500/20 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  <Star aria-hidden className="size-3" /> Destaque
                </span>
              ) : (
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">Sem destaque</span>
              )}
              {item.leased ? (
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  Alugado: fora do site
                </span>
              ) : null}
            </div>
            <FeedStatus issues={feedIssues[item.id]} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={href("/admin/properties/:id/edit", { id: String(item.id) })}
              className="inline-flex items-center gap-1 rounded-md border border-brand-800 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50"
            >
              <Pencil aria-hidden className="size-4" /> Editar
            </Link>
            <ToggleFeatured item={item} pending={pending} />
            <DeleteProperty item={item} pending={pending} />
          </div>
        </li>
      ))}
    </ul>
  );
}
