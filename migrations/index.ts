import type { Migration } from "kysely";
import * as m0001 from "./0001_public_site";
import * as m0002 from "./0002_accounts";
import * as m0003 from "./0003_audit_log";
import * as m0004 from "./0004_rental";
import * as m0005 from "./0005_billing";
import * as m0006 from "./0006_property_cep_privacy";
import * as m0007 from "./0007_property_interest";
import * as m0008 from "./0008_public_content_version";
import * as m0009 from "./0009_charging";
import * as m0010 from "./0010_reconciliation";
import * as m0011 from "./0011_owners";
import * as m0012 from "./0012_readjustment_applied";
import * as m0013 from "./0013_owner_transfers";
import * as m0014 from "./0014_income_reports";
import * as m0015 from "./0015_inspections";
import * as m0016 from "./0016_inspection_meter_photos";
import * as m0017 from "./0017_email_outbox";
import * as m0018 from "./0018_cents_columns";
import * as m0019 from "./0019_list_indexes";
import * as m0020 from "./0020_billing_queue_indexes";
import * as m0021 from "./0021_housekeeping_indexes";
import * as m0022 from "./0022_billing_client_paid";
import * as m0023 from "./0023_clients_end_name";
import * as m0024 from "./0024_name_fold";
import * as m0025 from "./0025_transfer_month_indexes";
import * as m0026 from "./0026_statement_review_indexes";
import * as m0027 from "./0027_statement_pdf_pending";
import * as m0028 from "./0028_ledger";
import * as m0029 from "./0029_contract_end";
import * as m0030 from "./0030_statement_imports_as_banks_deliver";
import * as m0031 from "./0031_ledger_credit_amount";
import * as m0032 from "./0032_owner_entries";
import * as m0033 from "./0033_payment_proofs";
import * as m0034 from "./0034_lease_dates";
import * as m0035 from "./0035_guarantees";
import * as m0036 from "./0036_lease_owners";
import * as m0037 from "./0037_rent_charges";
import * as m0038 from "./0038_lease_settlements";
import * as m0039 from "./0039_leased_listings";
import * as m0040 from "./0040_lease_versions";
import * as m0041 from "./0041_third_party_payouts";
import * as m0042 from "./0042_tenant_leases";
import * as m0043 from "./0043_irrf_withholding";
import * as m0044 from "./0044_guarantee_documents";
import * as m0045 from "./0045_owner_area";
import * as m0046 from "./0046_issued_documents";
import * as m0047 from "./0047_document_acceptances";
import * as m0048 from "./0048_contest_outcomes";
import * as m0049 from "./0049_readjustment_notices";

// Every migration, by name (applied in name order). Append a line per new file;
// a static map works the same under tsx, Vitest and a bundler.
export const migrations: Record<string, Migration> = {
  "0001_public_site": m0001,
  "0002_accounts": m0002,
  "0003_audit_log": m0003,
  "0004_rental": m0004,
  "0005_billing": m0005,
  "0006_property_cep_privacy": m0006,
  "0007_property_interest": m0007,
  "0008_public_content_version": m0008,
  "0009_charging": m0009,
  "0010_reconciliation": m0010,
  "0011_owners": m0011,
  "0012_readjustment_applied": m0012,
  "0013_owner_transfers": m0013,
  "0014_income_reports": m0014,
  "0015_inspections": m0015,
  "0016_inspection_meter_photos": m0016,
  "0017_email_outbox": m0017,
  "0018_cents_columns": m0018,
  "0019_list_indexes": m0019,
  "0020_billing_queue_indexes": m0020,
  "0021_housekeeping_indexes": m0021,
  "0022_billing_client_paid": m0022,
  "0023_clients_end_name": m0023,
  "0024_name_fold": m0024,
  "0025_transfer_month_indexes": m0025,
  "0026_statement_review_indexes": m0026,
  "0027_statement_pdf_pending": m0027,
  "0028_ledger": m0028,
  "0029_contract_end": m0029,
  "0030_statement_imports_as_banks_deliver": m0030,
  "0031_ledger_credit_amount": m0031,
  "0032_owner_entries": m0032,
  "0033_payment_proofs": m0033,
  "0034_lease_dates": m0034,
  "0035_guarantees": m0035,
  "0036_lease_owners": m0036,
  "0037_rent_charges": m0037,
  "0038_lease_settlements": m0038,
  "0039_leased_listings": m0039,
  "0040_lease_versions": m0040,
  "0041_third_party_payouts": m0041,
  "0042_tenant_leases": m0042,
  "0043_irrf_withholding": m0043,
  "0044_guarantee_documents": m0044,
  "0045_owner_area": m0045,
  "0046_issued_documents": m0046,
  "0047_document_acceptances": m0047,
  "0048_contest_outcomes": m0048,
  "0049_readjustment_notices": m0049,
};
