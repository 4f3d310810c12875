import type { ReadjustmentIndex } from "#app/db/schema";
import { escapeHtml } from "#app/models/billing/notice-email";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import { formatRate, INDEX_LABELS } from "./readjustment";

// The tenant's email 30 days before the anniversary (Portuguese, text and an
// escaped HTML copy): the index, the months accumulated, the rate, the old and
// the new rent and the day it applies from.

export type ReadjustmentEmailInput = {
  name: string;
  property_address: string | null;
  anniversary: string;
  index_code: ReadjustmentIndex;
  first_month: string;
  last_month: string;
  accumulated_ppm: number;
  old_rent_cents: number;
  new_rent_cents: number;
};

export function readjustmentEmail(r: ReadjustmentEmailInput, agencyName: string) {
  const rate = `${formatRate(r.accumulated_ppm)}%`;
  const changes = r.new_rent_cents !== r.old_rent_cents;
  const lines: [string, string][] = [
    [
      "Índice",
      `${INDEX_LABELS[r.index_code]} acumulado de ${periodLabel(r.first_month)} a ${periodLabel(r.last_month)}`,
    ],
    ["Variação", rate],
    ["Aluguel atual", formatBRL(r.old_rent_cents)],
    ["Novo aluguel", formatBRL(r.new_rent_cents)],
    ["A partir de", formatDay(r.anniversary)],
  ];
  if (r.property_address) lines.unshift(["Imóvel", r.property_address]);
  const intro = changes
    ? `Olá, ${r.name}. Seu contrato de locação faz aniversário em ${formatDay(r.anniversary)} e o aluguel será reajustado pelo índice previsto no contrato.`
    : `Olá, ${r.name}. Seu contrato de locação faz aniversário em ${formatDay(r.anniversary)}; o índice previsto no contrato acumulou ${rate} e o aluguel continua o mesmo.`;
  // The notice itself (a PDF, decision 0080) waits in the client area to be read and accepted.
  const outro = `Os boletos com vencimento a partir dessa data terão o novo valor. O aviso de reajuste está na Área do Cliente, na aba Contrato, para você ler e aceitar. Dúvidas? Responda este email. ${agencyName}`;
  const text = [intro, lines.map(([k, v]) => `${k}: ${v}`).join("\n"), outro].join("\n\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${lines.map(([k, v]) => `<li>${escapeHtml(k)}: <strong>${escapeHtml(v)}</strong></li>`).join("")}</ul>`,
    `<p>${escapeHtml(outro)}</p>`,
  ].join("\n");
  return {
    subject: `Reajuste anual do aluguel: ${formatBRL(r.new_rent_cents)} a partir de ${formatDay(r.anniversary)}`,
    text,
    html,
  };
}
