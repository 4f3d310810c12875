import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { RouteDialog } from "./route-dialog";

// A delete that asks first, as a dialog over its tab (a page without
// JavaScript): what goes, a red button that posts intent=delete, Cancelar.
export function ConfirmDeleteDialog({
  title,
  closeTo,
  children,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
}) {
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" className="space-y-4">
        <p className="break-words">{children}</p>
        <div className="flex flex-wrap gap-3">
          <Button name="intent" value="delete" variant="danger">
            Confirmar exclusão
          </Button>
          <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </RouteDialog>
  );
}

// The same question inline, in a row: "Excluir" opens (a <details>, no
// JavaScript needed) the text and a red button that posts intent=delete to
// `action` (default: the page's own), with the row's id when given.
export function InlineDeleteConfirm({ action, id, children }: { action?: string; id?: number; children: ReactNode }) {
  return (
    <details className="rounded border border-red-200 bg-white">
      <summary className="cursor-pointer px-2.5 py-1 text-red-800">Excluir</summary>
      <Form method="post" action={action} className="w-64 space-y-2 p-2">
        {id === undefined ? null : <input type="hidden" name="id" value={id} />}
        <p className="text-sm">{children}</p>
        <button
          name="intent"
          value="delete"
          className="rounded bg-red-700 px-2.5 py-1 text-sm font-semibold text-white hover:bg-red-800"
        >
          Confirmar exclusão
        </button>
      </Form>
    </details>
  );
}
