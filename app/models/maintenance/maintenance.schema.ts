import { z } from "zod";
import { LIMITS, requiredText } from "#app/models/shared/fields";
import { MAINTENANCE_CATEGORY_VALUES, MAINTENANCE_PRIORITY_VALUES } from "./labels";

// The client's "Nova Solicitação" form (docs/product.md §Área do Cliente):
// title, category, priority and description required; category defaults to
// general and priority to medium. The images are read by the route's upload
// helper (type by content, 5 MB, at most 5) and never pass through zod.

export const MAX_MAINTENANCE_IMAGES = 5;

export const MAINTENANCE_MESSAGES = {
  invalidFilesTitle: "Arquivos inválidos",
  invalidFiles: "Apenas imagens de até 5MB são permitidas.",
  tooManyFiles: `Envie no máximo ${MAX_MAINTENANCE_IMAGES} imagens.`,
  failed: "Não foi possível enviar a solicitação de manutenção.",
} as const;

export const maintenanceRequestSchema = z.object({
  title: requiredText(200),
  category: z.enum(MAINTENANCE_CATEGORY_VALUES, { error: "Escolha uma categoria." }).default("general"),
  priority: z.enum(MAINTENANCE_PRIORITY_VALUES, { error: "Escolha uma prioridade." }).default("medium"),
  description: requiredText(LIMITS.longText),
});

export type MaintenanceRequestInput = z.infer<typeof maintenanceRequestSchema>;
