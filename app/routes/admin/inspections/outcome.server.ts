import { data } from "react-router";
import { INSPECTION_MESSAGES } from "#app/models/inspections/labels";
import { redirectWithToast } from "#app/utils/toast.server";

// What the inspection pages answer when an edit could not be made: a locked
// inspection is said on its page; a vanished one goes back to the list.
export function refusedEdit(outcome: "missing" | "locked", back: string) {
  if (outcome === "locked")
    return redirectWithToast(back, { type: "error", title: "Erro", description: INSPECTION_MESSAGES.locked });
  return redirectWithToast("/admin/clients?aba=vistorias", {
    type: "error",
    title: "Erro",
    description: INSPECTION_MESSAGES.notFound,
  });
}

// A refusal beside its form; `T` is the page's one answer shape, so that the
// component reads its actionData typed.
export const badRequest = <T extends object>(payload: T) => data(payload, { status: 400 });
