import { CheckCircle2, Info, X, XCircle } from "#app/components/ui/icons";
import { useEffect, useState } from "react";
import type { Toast } from "#app/utils/toast";

// One toast at a time, about 5 s (docs/product.md §Convenções). Rendered by the
// server from the flash cookie; a CSS animation hides it without JavaScript.
// On a page that runs React, React removes it; on a public page, which does
// not hydrate, the site's script does (toast.enhance.ts), by the same
// data-toast-close button.
export function ToastView({ toast }: { toast: Toast }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setOpen(false), 5500);
    return () => clearTimeout(t);
  }, []);
  if (!open) return null;
  const Icon = toast.type === "error" ? XCircle : toast.type === "success" ? CheckCircle2 : Info;
  const tone =
    toast.type === "error"
      ? "border-red-200 text-red-900"
      : toast.type === "success"
        ? "border-emerald-200 text-emerald-900"
        : "border-slate-200 text-slate-900";
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      aria-live="polite"
      data-testid="toast"
      className={`toast-auto fixed inset-x-4 top-4 z-[60] mx-auto flex max-w-md items-start gap-3 rounded-lg border bg-white p-4 shadow-lg sm:right-4 sm:left-auto ${tone}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-slate-700">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => setOpen(false)}
        data-toast-close
        className="rounded p-1 text-slate-500 hover:bg-slate-100"
        aria-label="Fechar aviso"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
