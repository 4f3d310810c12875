// Portuguese labels of the maintenance states (spec §4); an unknown value is
// shown as it is. Client-safe.

const STATUS: Record<string, string> = { pending: "Pendente", in_progress: "Em Andamento", completed: "Concluída", cancelled: "Cancelada" };
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
export const MAINTENANCE_CATEGORY_OPTIONS = Object.entries(CATEGORY).map(([value, label]) => ({ value, label }));
export const MAINTENANCE_PRIORITY_OPTIONS = Object.entries(PRIORITY).map(([value, label]) => ({ value, label }));
