import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { answerContest, contestsOf } from "#app/models/inspections/contests.server";
import { createCorrection } from "#app/models/inspections/corrections.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { ANSWER_MESSAGE, inspectionActionSchema, meterPhotoSchema } from "#app/models/inspections/inspection.schema";
import { addRoom, deleteRoom, moveRoom } from "#app/models/inspections/inspections.server";
import { setMeterPhoto, updateMeters } from "#app/models/inspections/meters.server";
import { INSPECTION_MESSAGES as M, METERS } from "#app/models/inspections/labels";
import { parseId } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { redirectWithToast } from "#app/utils/toast.server";
import { badRequest, refusedEdit } from "./outcome.server";
import { PHOTO_MESSAGES, readPhotosForm } from "./photos-upload.server";

// The posts of an inspection's page (routes/admin/inspections/overview.tsx),
// one per intent: add, move or remove a room, keys and meters, answer a
// contest, create a correction, finalize; and the multipart "Enviar foto do
// medidor" (meterPhotoAction).

const FINALIZE_REFUSED = { empty: M.finalizeEmpty, unrated: M.finalizeUnrated } as const;

// Every refusal beside a form of the page, in one shape.
export type OverviewAnswer = {
  roomError?: string;
  metersError?: string;
  meterPhotoError?: string;
  finalizeError?: string;
  meters?: Record<string, string>;
  answerError?: string;
  contestId?: number;
};
const refused = (answer: OverviewAnswer) => badRequest<OverviewAnswer>(answer);

const typedValues = (payload: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(payload).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])));

export async function inspectionAction(form: FormData, id: number, actor: { id: number; name: string }) {
  const back = `/admin/vistorias/${id}`;
  const db = getDb();
  const done = (title: string) => redirectWithToast(back, { type: "success", title });
  const submission = parseWithZod(form, { schema: inspectionActionSchema });
  const ownContest = async (contestId: number | null) =>
    contestId !== null && (await contestsOf(db, id)).some((c) => c.id === contestId);
  if (submission.status !== "success") {
    const payload = submission.payload;
    if (payload.intent === "add-room") return refused({ roomError: M.roomName });
    if (payload.intent === "meters") return refused({ metersError: M.keys, meters: typedValues(payload) });
    if (payload.intent === "answer") {
      const contestId = parseId(payload.contest_id);
      if (!(await ownContest(contestId))) return refusedEdit("missing", back);
      return refused({ answerError: ANSWER_MESSAGE, contestId: contestId! });
    }
    return refusedEdit("missing", back);
  }
  const value = submission.value;
  switch (value.intent) {
    case "add-room": {
      const added = await addRoom(db, id, value.name, actor);
      if (added.outcome !== "ok") return refusedEdit(added.outcome, back);
      return redirectWithToast(`${back}/comodos/${added.roomId}`, { type: "success", title: "Cômodo adicionado" });
    }
    case "move-room":
    case "delete-room": {
      const outcome =
        value.intent === "delete-room"
          ? await deleteRoom(db, value.room_id, actor)
          : await moveRoom(db, value.room_id, value.direction === "up" ? "up" : "down");
      if (outcome !== "ok") return refusedEdit(outcome, back);
      return done(value.intent === "delete-room" ? "Cômodo removido" : "Ordem dos cômodos alterada");
    }
    case "meters": {
      const { intent: _, ...meters } = value;
      const outcome = await updateMeters(db, id, meters, actor);
      if (outcome !== "ok") return refusedEdit(outcome, back);
      return done("Chaves e medidores salvos");
    }
    case "answer": {
      if (!(await ownContest(value.contest_id))) return refusedEdit("missing", back);
      await answerContest(db, value.contest_id, value.answer, value.outcome ?? null, actor);
      return done("Resposta registrada");
    }
    case "correct": {
      const created = await createCorrection(db, id, actor);
      if (created.outcome === "missing") return refusedEdit("missing", back);
      if (created.outcome === "open") return refusedEdit("missing", back);
      return redirectWithToast(`/admin/vistorias/${created.id}`, {
        type: "success",
        title: "Correção criada",
        description: `Corrija e finalize; a vistoria nº ${id} continua registrada como estava.`,
      });
    }
    case "finalize": {
      const outcome = await finalizeInspection(db, id, actor, {
        agency: pdfAgency(),
        today: localToday(),
      });
      if (outcome === "empty" || outcome === "unrated") return refused({ finalizeError: FINALIZE_REFUSED[outcome] });
      if (outcome !== "ok") return refusedEdit(outcome, back);
      // The tenant's copy was queued with the lock: sent now, off this request.
      kickOutbox(db);
      return done("Vistoria finalizada");
    }
  }
}

// One photo of the water or electricity meter, in place of the one it had.
export async function meterPhotoAction(request: Request, id: number, actor: { id: number; name: string }) {
  const back = `/admin/vistorias/${id}`;
  const body = await readPhotosForm(request, { maxFiles: 1, tooMany: PHOTO_MESSAGES.oneMeter });
  if (!body.ok) return refused({ meterPhotoError: body.error });
  const fields = parseWithZod(body.form, { schema: meterPhotoSchema });
  const meter = fields.status === "success" ? METERS.find((m) => m.value === fields.value.meter) : undefined;
  if (!meter) return refusedEdit("missing", back);
  const outcome = await setMeterPhoto(getDb(), id, meter.value, body.images[0], actor);
  if (outcome === "unreadable") return refused({ meterPhotoError: PHOTO_MESSAGES.invalid });
  if (outcome !== "ok") return refusedEdit(outcome, back);
  return redirectWithToast(`${back}#chaves`, { type: "success", title: "Foto enviada", description: meter.label });
}
