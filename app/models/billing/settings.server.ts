import { getAgency, getEnv } from "#app/utils/env.server";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";

// The settings the charging of rent reads (docs/decisions/0031-charging-the-rent.md):
// the issue window (BILLING_ISSUE_DAYS), the agency's Pix key (AGENCY_PIX_KEY;
// null: no Pix is shown) with the receiver's name and city as the BR Code
// carries them, and the CNPJ printed on receipts (AGENCY_CNPJ).
export type ChargingSettings = {
  issueDays: number;
  pix: { key: string; name: string; city: string } | null;
  cnpj: string | null;
};

export function getChargingSettings(): ChargingSettings {
  const env = getEnv();
  const agency = getAgency();
  // "Três Lagoas - MS" → "Três Lagoas": the BR Code's city is the city alone.
  const city = agency.city.split(" - ")[0]!.trim();
  return {
    issueDays: env.BILLING_ISSUE_DAYS,
    pix: env.AGENCY_PIX_KEY ? { key: env.AGENCY_PIX_KEY, name: agency.legalName, city } : null,
    cnpj: env.AGENCY_CNPJ?.trim() || null,
  };
}

// The agency as every generated document prints it (receipt, owner statement,
// informe de rendimentos, inspection report): its facts and the CNPJ.
export function pdfAgency(): PdfAgency {
  return { ...getAgency(), cnpj: getChargingSettings().cnpj };
}
