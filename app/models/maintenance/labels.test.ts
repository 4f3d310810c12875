import { describe, expect, it } from "vitest";
import { maintenanceCategoryLabel, maintenancePriorityLabel, maintenanceStatusLabel } from "./labels";

describe("maintenance labels", () => {
  it("names the spec's codes in Portuguese", () => {
    expect(["pending", "in_progress", "completed", "cancelled"].map(maintenanceStatusLabel)).toEqual([
      "Pendente",
      "Em andamento",
      "Concluída",
      "Cancelada",
    ]);
    expect(["low", "medium", "high", "urgent"].map(maintenancePriorityLabel)).toEqual([
      "Baixa",
      "Média",
      "Alta",
      "Urgente",
    ]);
    expect(
      ["electrical", "plumbing", "painting", "cleaning", "security", "general"].map(maintenanceCategoryLabel),
    ).toEqual(["Elétrica", "Hidráulica", "Pintura", "Limpeza", "Segurança", "Geral"]);
  });

  it("shows an unknown value raw, never a prototype property", () => {
    expect(maintenanceStatusLabel("waiting_parts")).toBe("waiting_parts");
    expect(maintenancePriorityLabel("toString")).toBe("toString");
    expect(maintenanceCategoryLabel("")).toBe("");
  });
});
