import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { firstNames, newVerification, registerDocument } from "#app/models/documents/registry.server";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";
import { renderOwnerIncomePdf, renderTenantIncomePdf } from "./income-report-pdf.server";
import type { OwnerIncome, TenantIncome } from "./income-report.server";

// An informe as issued (decision 0079): drawn on demand (each download, each
// email is a new file), so each drawing is registered under a code of its
// own, with its hash: whoever holds one can check it at /verificar.

type DB = Kysely<Database>;

export async function issueOwnerIncomePdf(db: DB, r: OwnerIncome, agency: PdfAgency, today: string) {
  const verification = newVerification();
  const pdf = await renderOwnerIncomePdf(r, agency, today, verification);
  await registerDocument(
    db,
    verification,
    {
      kind: "owner_income",
      refId: r.owner.id,
      title: `Informe de Rendimentos ${r.year}`,
      issuedOn: today,
      parties: firstNames([r.owner.name]),
      amountCents: r.totals.netCents,
    },
    pdf,
  );
  return pdf;
}

export async function issueTenantIncomePdf(db: DB, r: TenantIncome, agency: PdfAgency, today: string) {
  const verification = newVerification();
  const pdf = await renderTenantIncomePdf(r, agency, today, verification);
  await registerDocument(
    db,
    verification,
    {
      kind: "tenant_income",
      refId: r.client.id,
      title: `Aluguéis Pagos em ${r.year}`,
      issuedOn: today,
      parties: firstNames([r.client.name]),
      amountCents: r.totalCents,
    },
    pdf,
  );
  return pdf;
}
