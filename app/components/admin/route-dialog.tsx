import { X } from "#app/components/ui/icons";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "#app/components/ui/use-hydrated";

// The spec's dialogs (Novo Cliente, Editar Cliente, Enviar Contrato,
// Gerenciar, Upload Documento...) are child routes of /admin/clients drawn
// over their tab. The server renders the dialog open over a dimmed page, so
// the URL works as a page without JavaScript and its form posts like any
// other; with JavaScript it becomes modal (focus kept inside, Escape and a
// click outside close it), and closing goes back to the tab's URL.
export function RouteDialog({
  title,
  closeTo,
  wide = false,
  children,
}: {
  title: string;
  closeTo: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const titleId = useId();

  const close = () => navigate(closeTo, { preventScrollReset: true });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      // Open but not modal as the server drew it: reopen as modal. (showModal
      // refuses a dialog that is already open.)
      dialog.close();
      dialog.showModal();
    }
    // A click on the backdrop lands on the dialog element itself. (Keyboard
    // users have Escape and the close link.)
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) navigate(closeTo, { preventScrollReset: true });
    };
    dialog.addEventListener("click", onClick);
    return () => dialog.removeEventListener("click", onClick);
  }, [closeTo, navigate]);

  return (
    <>
      {hydrated ? null : <div aria-hidden className="fixed inset-0 z-40 bg-slate-900/50" />}
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        className={`fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] overflow-y-auto rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 ${wide ? "max-w-5xl" : "max-w-2xl"}`}
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-5 py-4">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            aria-label="Fechar"
          >
            <X aria-hidden className="size-5" />
          </Link>
        </div>
        <div className="p-5">{children}</div>
      </dialog>
    </>
  );
}
