import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { RouteDialog } from "./route-dialog";

// A delete that asks first, as a dialog over its tab (a page without
// JavaScript): what goes, a red button that posts intent=delete, Cancelar.
export function ConfirmDeleteDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" className="space-y-4">
        <p className="break-words">{children}</p>
        <div className="flex flex-wrap gap-3">
          <button name="intent" value="delete" className="rounded-md bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800">
            Confirmar exclusão
          </button>
          <Link to={closeTo} preventScrollReset className="inline-flex items-center rounded-md border border-slate-300 px-5 py-3 font-semibold">
            Cancelar
          </Link>
        </div>
      </Form>
    </RouteDialog>
  );
}
