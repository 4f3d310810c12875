import { Facebook, Share2 } from "#app/components/ui/icons";
import { useLocalToast } from "#app/components/ui/toast";

// Generic share (native sheet, or copy the link with "Link copiado!") and
// Facebook in a new window (docs/product.md §Página do imóvel).
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const toast = useLocalToast();
  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // The visitor closed the sheet: nothing to do.
        return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ type: "success", title: "Link copiado!" });
    } catch {
      toast.show({ type: "error", title: "Não foi possível copiar o link." });
    }
  };
  return (
    <div className="flex gap-2">
      <button
        type="button"
        onClick={share}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <Share2 aria-hidden className="size-4" /> Compartilhar
      </button>
      <a
        href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <Facebook aria-hidden className="size-4" /> Facebook
      </a>
      {toast.element}
    </div>
  );
}
