// Portuguese labels of the maintenance states (docs/product.md
// §Listas de opções); an unknown value is shown as it is. Client-safe.

export const MAINTENANCE_STATUS_VALUES = ["pending", "in_progress", "completed", "cancelled"] as const;
export const MAINTENANCE_PRIORITY_VALUES = ["low", "medium", "high", "urgent"] as const;
export const MAINTENANCE_CATEGORY_VALUES = [
  "electrical",
  "plumbing",
  "painting",
  "cleaning",
  "security",
  "general",
] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUS_VALUES)[number];
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITY_VALUES)[number];
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORY_VALUES)[number];

const STATUS: Record<string, string> = {
  pending: "Pendente",
  in_progress: "Em andamento",
  completed: "Concluída",
  cancelled: "Cancelada",
};
const PRIORITY: Record<string, string> = { low: "Baixa", medium: "Média", high: "Alta", urgent: "Urgente" };
const CATEGORY: Record<string, string> = {
  electrical: "Elétrica",
  plumbing: "Hidráulica",
  painting: "Pintura",
  cleaning: "Limpeza",
  security: "Segurança",
  general: "Geral",
};

export const maintenanceStatusLabel = (value: string) => (Object.hasOwn(STATUS, value) ? STATUS[value] : value);
export const maintenancePriorityLabel = (value: string) => (Object.hasOwn(PRIORITY, value) ? PRIORITY[value] : value);
export const maintenanceCategoryLabel = (value: string) => (Object.hasOwn(CATEGORY, value) ? CATEGORY[value] : value);
export const MAINTENANCE_STATUS_OPTIONS = MAINTENANCE_STATUS_VALUES.map((value) => ({ value, label: STATUS[value] }));
export const MAINTENANCE_CATEGORY_OPTIONS = MAINTENANCE_CATEGORY_VALUES.map((value) => ({
  value,
  label: CATEGORY[value],
}));
export const MAINTENANCE_PRIORITY_OPTIONS = MAINTENANCE_PRIORITY_VALUES.map((value) => ({
  value,
  label: PRIORITY[value],
}));
