import { ADVERTISED_FOR_LABELS, statusLabel } from "./options";
import type { PropertyDetail } from "./types";
import { formatInt } from "#app/utils/format";

// The generated text shown when a listing has no description (docs/product.md
// §Página do imóvel).
export function fallbackDescription(
  p: Pick<
    PropertyDetail,
    "type" | "status" | "location" | "area" | "bedrooms" | "suites" | "bathrooms" | "parking_spaces" | "advertised_for"
  >,
) {
  const parts: string[] = [];
  if (p.area > 0) parts.push(`${formatInt(p.area)} m²`);
  if (p.bedrooms > 0) parts.push(`${p.bedrooms} ${p.bedrooms === 1 ? "quarto" : "quartos"}`);
  if (p.suites > 0) parts.push(`${p.suites} ${p.suites === 1 ? "suíte" : "suítes"}`);
  if (p.bathrooms > 0) parts.push(`${p.bathrooms} ${p.bathrooms === 1 ? "banheiro" : "banheiros"}`);
  if (p.parking_spaces > 0)
    parts.push(`${p.parking_spaces} ${p.parking_spaces === 1 ? "vaga de garagem" : "vagas de garagem"}`);
  const mode = (ADVERTISED_FOR_LABELS[p.advertised_for] ?? p.advertised_for).toLowerCase();
  const features = parts.length ? ` com ${parts.join(", ")}` : "";
  return `${p.type} (${statusLabel(p.status).toLowerCase()}) para ${mode} em ${p.location}${features}. Entre em contato com a nossa equipe para agendar uma visita e receber mais informações.`;
}
