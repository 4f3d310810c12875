import type { InspectionKind, InspectionMeter, ItemCondition } from "#app/db/schema";

// The words of inspections (docs/product.md §Vistorias), client-safe.

export const CONDITIONS: readonly { value: ItemCondition; label: string }[] = [
  { value: "novo", label: "Novo" },
  { value: "bom", label: "Bom" },
  { value: "regular", label: "Regular" },
  { value: "ruim", label: "Ruim" },
  { value: "danificado", label: "Danificado" },
];
export const CONDITION_VALUES = CONDITIONS.map((c) => c.value) as [ItemCondition, ...ItemCondition[]];
export const conditionLabel = (c: ItemCondition | null) =>
  CONDITIONS.find((x) => x.value === c)?.label ?? "Não avaliado";

export const KINDS: readonly { value: InspectionKind; label: string }[] = [
  { value: "entrada", label: "Entrada" },
  { value: "saida", label: "Saída" },
];
export const kindLabel = (k: InspectionKind) => (k === "entrada" ? "Vistoria de entrada" : "Vistoria de saída");

// Photos per item and per file (issue 23).
export const MAX_ITEM_PHOTOS = 10;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

// What a new room starts with (each can be renamed or removed).
export const DEFAULT_ITEMS = ["Paredes", "Piso", "Teto", "Portas", "Janelas", "Tomadas e interruptores"] as const;

export const INSPECTION_MESSAGES = {
  created: "Vistoria criada",
  locked: "Esta vistoria foi finalizada e não pode mais ser alterada.",
  notFound: "Vistoria não encontrada",
  saveFailed: "Não foi possível salvar. Tente novamente.",
  roomInvalid: "Corrija os itens marcados: nada foi salvo.",
  client: "Escolha o cliente (contrato).",
  kind: "Escolha entrada ou saída.",
  date: "Informe a data da vistoria.",
  roomName: "Informe o nome do cômodo.",
  itemName: "Informe o nome do item.",
  condition: "Escolha o estado do item.",
  keys: "Informe o número de chaves (0 a 99).",
  finalizeEmpty: "Adicione ao menos um cômodo com itens antes de finalizar.",
  finalizeUnrated: "Avalie o estado de todos os itens antes de finalizar.",
} as const;

// The meters whose photo an inspection keeps, one each.
export const METERS: readonly { value: InspectionMeter; label: string; photo: string }[] = [
  { value: "agua", label: "Medidor de água", photo: "Foto do medidor de água" },
  { value: "energia", label: "Medidor de energia", photo: "Foto do medidor de energia" },
];

// What became of a tenant's contest (decision 0080): upheld (the item counts
// as another state from then on) or not (the state recorded stands).
export function outcomeText(upheld: ItemCondition | null, recorded: ItemCondition | null) {
  return upheld && upheld !== recorded
    ? `Contestação acolhida: o item passa a ${conditionLabel(upheld)}.`
    : `Contestação não acolhida: mantido o estado ${conditionLabel(recorded)}.`;
}
