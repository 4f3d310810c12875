import { getDb } from "#app/db/db.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { answerContest, contestsOf } from "#app/models/inspections/contests.server";
import { createCorrection } from "#app/models/inspections/corrections.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { metersSchema, roomSchema } from "#app/models/inspections/inspection.schema";
import { addRoom, deleteRoom, moveRoom } from "#app/models/inspections/inspections.server";
import { setMeterPhoto, updateMeters } from "#app/models/inspections/meters.server";
import { INSPECTION_MESSAGES as M, METERS } from "#app/models/inspections/labels";
import { failedWriteToast } from "#app/utils/failure.server";
import { parseId } from "#app/utils/http.server";
import { localToday } from "#app/utils/local-date";
import { redirectWithToast } from "#app/utils/toast.server";
import { badRequest, refusedEdit } from "./outcome.server";
import { PHOTO_MESSAGES, readPhotosForm } from "./photos-upload.server";

// The posts of an inspection's page (routes/admin/inspections/overview.tsx),
// one per intent: add, move or remove a room, keys and meters, answer a
// contest, create a correction, finalize; and the multipart "Enviar foto do
// medidor" (meterPhotoAction).

const FINALIZE_REFUSED = { empty: M.finalizeEmpty, unrated: M.finalizeUnrated } as const;

export async function inspectionAction(form: FormData, id: number, actor: { id: number; name: string }) {
  const back = `/admin/vistorias/${id}`;
  const intent = form.get("intent");
  const db = getDb();
  const done = (title: string) => redirectWithToast(back, { type: "success", title });
  try {
    if (intent === "add-room") {
      const parsed = roomSchema.safeParse({ name: form.get("name") ?? "" });
      if (!parsed.success) return badRequest({ roomError: M.roomName });
      const added = await addRoom(db, id, parsed.data.name, actor);
      if (added.outcome !== "ok") return refusedEdit(added.outcome, back);
      return redirectWithToast(`${back}/comodos/${added.roomId}`, { type: "success", title: "Cômodo adicionado" });
    }
    if (intent === "move-room" || intent === "delete-room") {
      const roomId = parseId(form.get("room_id") ?? undefined);
      if (roomId === null) return refusedEdit("missing", back);
      const outcome =
        intent === "delete-room"
          ? await deleteRoom(db, roomId, actor)
          : await moveRoom(db, roomId, form.get("direction") === "up" ? "up" : "down");
      if (outcome !== "ok") return refusedEdit(outcome, back);
      return done(intent === "delete-room" ? "Cômodo removido" : "Ordem dos cômodos alterada");
    }
    if (intent === "meters") {
      const parsed = metersSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return badRequest({ metersError: M.keys, meters: Object.fromEntries(form) });
      const outcome = await updateMeters(db, id, parsed.data, actor);
      if (outcome !== "ok") return refusedEdit(outcome, back);
      return done("Chaves e medidores salvos");
    }
    if (intent === "answer") {
      const contestId = parseId(String(form.get("contest_id") ?? ""));
      const answer = String(form.get("answer") ?? "").trim();
      const own = contestId !== null && (await contestsOf(db, id)).some((c) => c.id === contestId);
      if (!own) return refusedEdit("missing", back);
      if (answer.length < 2 || answer.length > 2000)
        return badRequest({ answerError: "Escreva a resposta (até 2.000 caracteres).", contestId });
      await answerContest(db, contestId, answer, actor);
      return done("Resposta registrada");
    }
    if (intent === "correct") {
      const created = await createCorrection(db, id, actor);
      if (created.outcome === "missing") return refusedEdit("missing", back);
      if (created.outcome === "open") return refusedEdit("missing", back);
      return redirectWithToast(`/admin/vistorias/${created.id}`, {
        type: "success",
        title: "Correção criada",
        description: `Corrija e finalize; a vistoria nº ${id} continua registrada como estava.`,
      });
    }
    if (intent === "finalize") {
      const outcome = await finalizeInspection(db, id, actor, {
        agency: pdfAgency(),
        today: localToday(),
      });
      if (outcome === "empty" || outcome === "unrated") return badRequest({ finalizeError: FINALIZE_REFUSED[outcome] });
      if (outcome !== "ok") return refusedEdit(outcome, back);
      // The tenant's copy was queued with the lock: sent now, off this request.
      kickOutbox(db);
      return done("Vistoria finalizada");
    }
  } catch (error) {
    return failedWriteToast("inspection.save_failed", error, back, { title: "Erro", description: M.saveFailed });
  }
  return refusedEdit("missing", back);
}

// One photo of the water or electricity meter, in place of the one it had.
export async function meterPhotoAction(request: Request, id: number, actor: { id: number; name: string }) {
  const back = `/admin/vistorias/${id}`;
  try {
    const body = await readPhotosForm(request, { maxFiles: 1, tooMany: PHOTO_MESSAGES.oneMeter });
    if (!body.ok) return badRequest({ meterPhotoError: body.error });
    const meter = METERS.find((m) => m.value === body.form.get("meter"));
    if (!meter) return refusedEdit("missing", back);
    const outcome = await setMeterPhoto(getDb(), id, meter.value, body.images[0], actor);
    if (outcome === "unreadable") return badRequest({ meterPhotoError: PHOTO_MESSAGES.invalid });
    if (outcome !== "ok") return refusedEdit(outcome, back);
    return redirectWithToast(`${back}#chaves`, { type: "success", title: "Foto enviada", description: meter.label });
  } catch (error) {
    return failedWriteToast("inspection.save_failed", error, back, { title: "Erro", description: M.saveFailed });
  }
}
