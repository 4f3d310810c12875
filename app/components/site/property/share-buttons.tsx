import { Facebook, Share2 } from "#app/components/ui/icons";
import { ToastView } from "#app/components/ui/toast";

// Generic share (native sheet, or copy the link with "Link copiado!") and
// Facebook in a new window (docs/product.md §Página do imóvel). The button
// works through the site's script (share-buttons.enhance.ts), which shows it;
// until then it keeps its place, invisible, after the Facebook link, so that
// appearing moves nothing on the page (no layout shift) and, without
// JavaScript, leaves no visible gap. Its two messages are rendered here, kept in
// <template>s until needed.
export function ShareButtons({ url, title }: { url: string; title: string }) {
  return (
    <div className="flex gap-2" data-share={url} data-share-title={title}>
      <a
        href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <Facebook aria-hidden className="size-4" /> Facebook
      </a>
      <button
        type="button"
        data-share-button
        className="invisible inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <Share2 aria-hidden className="size-4" /> Compartilhar
      </button>
      <template data-share-copied>
        <ToastView toast={{ type: "success", title: "Link copiado!" }} />
      </template>
      <template data-share-failed>
        <ToastView toast={{ type: "error", title: "Não foi possível copiar o link." }} />
      </template>
    </div>
  );
}
