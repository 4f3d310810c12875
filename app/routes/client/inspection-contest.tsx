import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { contestItem } from "#app/models/inspections/contests.server";
import { CONTEST_NOTE_MESSAGE, contestSchema } from "#app/models/inspections/inspection.schema";
import { PHOTO_MESSAGES, readPhotosForm } from "#app/routes/admin/inspections/photos-upload.server";
import { clientContext } from "#app/utils/client-context";
import { getEnv } from "#app/utils/env.server";
import { parseId } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/inspection-contest";

// POST /client-area/vistoria/itens/{id}: the tenant's "Contestar" of an item
// of their own finalized entry inspection, within INSPECTION_CONTEST_DAYS
// (docs/decisions/0044-inspections.md): a note and optional photos. Another
// tenant's item, an exit inspection or a closed window: nothing is stored.
const BACK = "/client-area?tab=vistoria";
const fail = (description: string) =>
  redirectWithToast(BACK, { type: "error", title: "Contestação não enviada", description });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { client } = context.get(clientContext);
  const itemId = parseId(params.itemId);
  if (itemId === null) return fail("Item não encontrado.");
  const body = await readPhotosForm(request, { required: false });
  if (!body.ok) return fail(body.error);
  const submission = parseWithZod(body.form, { schema: contestSchema });
  if (submission.status !== "success") return fail(CONTEST_NOTE_MESSAGE);
  const { note } = submission.value;
  const outcome = await contestItem(
    getDb(),
    client.id,
    itemId,
    { note, images: body.images },
    {
      today: localToday(),
      days: getEnv().INSPECTION_CONTEST_DAYS,
    },
  );
  if (outcome === "missing") return fail("Item não encontrado.");
  if (outcome === "closed") return fail("O prazo para contestar esta vistoria terminou.");
  if (outcome === "too-many") return fail(PHOTO_MESSAGES.tooMany);
  if (outcome === "unreadable") return fail(PHOTO_MESSAGES.invalid);
  kickOutbox(getDb()); // the agency's "Aviso à equipe"
  return redirectWithToast(BACK, {
    type: "success",
    title: "Contestação enviada",
    description: "A imobiliária vai analisar e responder.",
  });
}

// A GET has nothing to show: back to the tab.
export function loader() {
  return redirectWithToast(BACK, { type: "error", title: "Use o botão Contestar" });
}
