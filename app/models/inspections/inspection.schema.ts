import { z } from "zod";
import { dayField } from "#app/models/billing/billing.schema";
import { MAX_RENTAL_AMOUNT_CENTS, idField, optionalText, plainText, requiredText } from "#app/models/shared/fields";
import { parseBRL } from "#app/models/shared/money";
import { CONDITION_VALUES, INSPECTION_MESSAGES as M } from "./labels";

// The forms of an inspection (docs/product.md §Vistorias).

export const newInspectionSchema = z.object({
  client_id: idField(M.client),
  kind: z.enum(["entrada", "saida"], { error: M.kind }),
  date: dayField(M.date),
});
export type NewInspectionInput = z.infer<typeof newInspectionSchema>;

export const roomSchema = z.object({ name: requiredText(60, M.roomName) });

export const itemSchema = z.object({
  name: requiredText(60, M.itemName),
  condition: z.enum(CONDITION_VALUES, { error: M.condition }).optional(),
  note: optionalText(1000),
});
export type ItemInput = z.infer<typeof itemSchema>;

export const metersSchema = z.object({
  keys_count: z
    .string()
    .trim()
    .regex(/^\d{0,2}$/, M.keys)
    .transform((v) => (v === "" ? null : Number(v)))
    .optional(),
  water_reading: optionalText(40),
  power_reading: optionalText(40),
});
export type MetersInput = z.infer<typeof metersSchema>;

// The posts of a room's screen (routes/admin/inspections/room.tsx), one per
// intent. An id that is not one is answered as a vanished row.
export const roomActionSchema = z.discriminatedUnion("intent", [
  itemSchema.extend({ intent: z.literal("add-item") }),
  z.object({ intent: z.literal("delete-item"), item_id: idField(M.notFound) }),
  z.object({ intent: z.literal("delete-photo"), photo_id: idField(M.notFound) }),
]);

// The text field of "Enviar fotos" (its photos are read by the streaming parser).
export const itemPhotosSchema = z.object({ item_id: idField(M.notFound) });

// The posts of an inspection's page (routes/admin/inspections/overview.tsx),
// one per intent.
export const ANSWER_MESSAGE = "Escreva a resposta (até 2.000 caracteres).";
export const inspectionActionSchema = z.discriminatedUnion("intent", [
  roomSchema.extend({ intent: z.literal("add-room") }),
  z.object({
    intent: z.literal("move-room"),
    room_id: idField(M.notFound),
    direction: z.enum(["up", "down"]).optional(),
  }),
  z.object({ intent: z.literal("delete-room"), room_id: idField(M.notFound) }),
  metersSchema.extend({ intent: z.literal("meters") }),
  z.object({
    intent: z.literal("answer"),
    contest_id: idField(M.notFound),
    answer: requiredText(2000, ANSWER_MESSAGE).min(2, ANSWER_MESSAGE),
    // Empty: the contest is not upheld, the state recorded stands.
    outcome: z.enum(CONDITION_VALUES).optional(),
  }),
  z.object({ intent: z.literal("correct") }),
  z.object({ intent: z.literal("finalize") }),
]);

// The text field of "Enviar foto do medidor".
export const meterPhotoSchema = z.object({ meter: z.enum(["agua", "energia"]) });

// "Custo do reparo" of an item on the exit inspection's comparison
// (routes/admin/inspections/comparison.tsx): reais, or empty for none.
export const COST_ERROR = "Informe o custo em reais, como 350,00 (deixe vazio para nenhum).";
export const repairCostSchema = z.object({
  item_id: idField(M.notFound),
  cost: plainText()
    .optional()
    .transform((typed, ctx) => {
      const cents = typed ? parseBRL(typed) : null;
      if (cents === undefined || (cents !== null && cents > MAX_RENTAL_AMOUNT_CENTS)) {
        ctx.addIssue({ code: "custom", message: COST_ERROR });
        return z.NEVER;
      }
      return cents;
    }),
});

// The tenant's "Contestar" of an item (client area): what they contest.
export const CONTEST_NOTE_MESSAGE = "Descreva o que contesta (até 2.000 caracteres).";
export const contestSchema = z.object({
  note: z.string({ error: CONTEST_NOTE_MESSAGE }).trim().min(3, CONTEST_NOTE_MESSAGE).max(2000, CONTEST_NOTE_MESSAGE),
});
