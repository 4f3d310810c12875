import { z } from "zod";
import { idField } from "#app/models/shared/fields";

// The row actions of "Gestão de Imóveis" (each a POST with intent + id).
const propertyId = idField("Imóvel não encontrado.");

export const propertyRowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle-featured"), id: propertyId }),
  z.object({ intent: z.literal("delete"), id: propertyId }),
]);
