import type { Generated } from "kysely";
import type { BillingStatus } from "#app/models/billing/status";
import type { EmailKind } from "#app/models/email/kinds";
import type { Cents } from "#app/models/shared/money";
import type { RequestStatus } from "#app/models/leads/admin/request-status";
import type { MaintenanceCategory, MaintenancePriority, MaintenanceStatus } from "#app/models/maintenance/labels";
import type { PropertyCategory, PropertyStatus } from "#app/models/properties/options";

// Table types for Kysely. Booleans are stored as 0/1 integers (SQLite), money
// as integer centavos typed `Cents` (app/models/shared/money.ts: a query
// returns Cents and a write takes only Cents, never a raw number), timestamps as ISO-8601 UTC text. A column of codes
// (status, priority, category) has the union of its domain's values (the
// lists live in the models, type-only imports of pure modules): the code
// compiles only with values the app knows. SQLite does not enforce them, so a
// row written by hand may hold another; the labels show it raw.
export interface PropertiesTable {
  id: Generated<number>;
  property_code: number;
  name: string;
  type: string;
  status: PropertyStatus;
  category: PropertyCategory;
  location: string;
  price_cents: Cents | null; // NULL means SOB CONSULTA
  area: number;
  bedrooms: number;
  suites: number;
  bathrooms: number;
  parking_spaces: number;
  description: string | null;
  featured: number;
  standard: string;
  is_exclusive: number;
  advertised_for: string;
  cep: string | null; // 8 digits; the portal feed needs it (migrations/0006)
  search_text: string;
  // The running contract that rents it (migration 0039, kept by triggers):
  // set, the listing is leased and out of the public results.
  leased_client_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface PropertyImagesTable {
  id: Generated<number>;
  property_id: number;
  position: number;
  file_key: string;
  widths: string; // JSON array of the stored WebP widths, ascending
  width: number;
  height: number;
  created_at: string;
}

export interface BannersTable {
  id: string;
  title: string;
  subtitle: string;
  image_url: string;
  mobile_image_url: string;
  link: string;
  btn_text: string;
  is_active: number;
  show_on_mobile: number;
  show_on_desktop: number;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface IdealPropertyRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  ideal_property: string;
  status: Generated<RequestStatus>;
  resolved_by: string | null;
  created_at: string;
  updated_at: string;
  // migrations/0006: when the form with the privacy notice was sent, and when
  // the personal fields were anonymised (erasure or retention period).
  privacy_notice_at: string | null;
  anonymized_at: string | null;
  // Set by "Tenho interesse" on a property page (migration 0007).
  property_id: number | null;
}

export interface PropertyListingRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  property_type: string;
  address: string;
  price_cents: Cents;
  area: number | null;
  bedrooms: number | null;
  suites: number | null;
  bathrooms: number | null;
  parking_spaces: number | null;
  description: string | null;
  status: Generated<RequestStatus>;
  resolved_by: string | null;
  created_at: string;
  updated_at: string;
  privacy_notice_at: string | null;
  anonymized_at: string | null;
}

export type Role = "master" | "admin" | "client";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string; // SHA-256 of the cookie token
  user_id: number;
  expires_at: string;
  created_at: string;
  user_agent: string | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_started_at: string;
}

// One row per staff write (migrations/0003_audit_log.ts). actor_id is NULL
// for a script ("Sistema") or once the account is deleted; actor_name stays.
export interface AuditLogTable {
  id: Generated<number>;
  created_at: string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  changes: string; // JSON {field: [before, after]}
}

// The rental side (migrations/0004_rental.ts). Days are "yyyy-MM-dd" text,
// money centavos; user_id is the client's login (NULL: "Sem Login").
export interface ClientsTable {
  id: Generated<number>;
  name: string;
  // fold(name), kept by triggers (migration 0024): the lists sort by it.
  name_fold: Generated<string>;
  surname_fold: Generated<string>; // the last word of name_fold, kept by triggers (migration 0028)
  email: string;
  phone: string | null;
  cpf_cnpj: string | null; // digits, or upper-case letters and digits (alphanumeric CNPJ)
  property_address: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  monthly_rent_cents: Cents | null;
  payment_due_day: Generated<number>;
  user_id: number | null;
  // The contract's late fee and monthly interest in basis points (10% = 1000;
  // migration 0009, docs/decisions/0031-charging-the-rent.md).
  late_fee_bp: Generated<number>;
  monthly_interest_bp: Generated<number>;
  // The owner's side (migration 0011): the contract's owner, the agency's
  // administration and first-rent fees in basis points (10% = 1000), the
  // yearly readjustment index (null: none) and whether a negative one lowers the rent.
  owner_id: number | null;
  admin_fee_bp: Generated<number>;
  first_rent_fee_bp: Generated<number>;
  readjustment_index: ReadjustmentIndex | null;
  readjustment_lowers: Generated<number>;
  // What the administration fee is taken on (migration 0032): everything
  // received ("all": rent, multa and juros) or the rent only ("rent").
  fee_base: Generated<FeeBase>;
  // "Encerrar contrato" (migration 0029, docs/decisions/0062-nothing-fiscal-deleted.md):
  // the day it ended ("yyyy-MM-dd") and why; NULL while it runs. And when the
  // LGPD erasure removed the person's data but kept the fiscal records.
  ended_on: string | null;
  ended_reason: string | null;
  personal_data_erased_at: string | null;
  // Migration 0034 (docs/decisions/0066-lease-dates.md): how the first and
  // last months are billed, how many months before the anniversary's the
  // readjustment's index months end, and the months due that the hourly job
  // will not create (the dashboard's alert), written by the job.
  first_month: Generated<FirstMonth>;
  // The listing it rents, when the agency advertised it (migration 0039).
  property_id: number | null;
  readjustment_lag_months: Generated<number>;
  billing_gap_months: Generated<number>;
  // The tenant's leases over time (migration 0042, decision 0073): the id of
  // the tenant's first lease, shared by every later one; set by a trigger.
  tenant_group_id: Generated<number>;
  created_at: string;
  updated_at: string;
}

// 'pro_rata': calendar months, the first and the last by days; 'full': months
// from the start's anniversary, the last by days (migration 0034).
export type FirstMonth = "pro_rata" | "full";

// A lease's guarantee (migration 0035; Lei 8.245 art. 37): one a contract.
export type GuaranteeKind = "caucao" | "fianca" | "seguro_fianca" | "cessao_quotas";
export interface GuaranteesTable {
  id: Generated<number>;
  client_id: number;
  kind: GuaranteeKind;
  amount_cents: Cents | null; // the caução deposited, or the coverage
  provider_name: string | null; // the fiador, or the insurer
  provider_document: string | null; // digits (or the alphanumeric CNPJ)
  provider_email: string | null;
  reference: string | null; // policy or quotas' number
  valid_until: string | null; // "yyyy-MM-dd"
  copy_on_arrears: Generated<number>; // 1: the fiador is copied on arrears notices
  notes: string | null;
  updated_by_name: string;
  created_at: string;
  updated_at: string;
}

// Days that are not business days (migration 0034): a term ending on one
// moves to the next business day (Código Civil art. 132 §1º).
export type HolidayScope = "nacional" | "bancario" | "estadual" | "municipal";
export interface HolidaysTable {
  day: string; // "yyyy-MM-dd"
  name: string;
  scope: HolidayScope;
  source: string;
  updated_by_name: string;
  updated_at: string;
}

export type FeeBase = "all" | "rent";

export type ReadjustmentIndex = "IGPM" | "IPCA" | "INPC" | "IGPDI";

// Who receives the rent (migration 0011).
export interface OwnersTable {
  id: Generated<number>;
  name: string;
  // fold(name), kept by triggers (migration 0024): the lists sort by it.
  name_fold: Generated<string>;
  cpf_cnpj: string | null; // digits (or the alphanumeric CNPJ), as clients.cpf_cnpj
  email: string | null;
  phone: string | null;
  pix_key: string | null;
  bank_account: string | null;
  // The login of the owner's area (migration 0045, decision 0077): a
  // `client`-role account, the same one as the person's tenant login if any.
  user_id: number | null;
  // Above it, a maintenance cost waits for the owner's approval (migration 0045).
  approval_limit_cents: Generated<Cents>;
  created_at: string;
  updated_at: string;
}

// What a repair costs (migration 0045): a quote staff register on a
// maintenance request; each owner whose limit it passes answers it
// (maintenance_approvals), once.
export interface MaintenanceCostsTable {
  id: Generated<number>;
  request_id: number;
  description: string;
  amount_cents: Cents;
  created_by_id: number | null;
  created_by_name: string;
  created_at: string;
}
export interface MaintenanceApprovalsTable {
  id: Generated<number>;
  cost_id: number;
  owner_id: number;
  asked_at: string;
  answer: "approved" | "refused" | null;
  answer_note: string | null;
  answered_at: string | null;
  answered_by_id: number | null;
  by_staff: Generated<number>;
}

// An owner's request to change their payout details (migration 0045): applied
// to the owner only when staff confirm it; decided once.
export type IssuedDocumentKind =
  | "receipt"
  | "owner_statement"
  | "owner_income"
  | "tenant_income"
  | "inspection_report"
  | "inspection_comparison"
  | "addendum"
  | "settlement"
  | "readjustment_notice";

export interface IssuedDocumentsTable {
  id: Generated<number>;
  code: string;
  kind: IssuedDocumentKind;
  ref_id: number;
  title: string;
  issued_on: string;
  parties: string;
  amount_cents: number | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  replaced_by_id: number | null;
  created_at: string;
}

export interface IssuedDocumentFilesTable {
  id: Generated<number>;
  document_id: number;
  sha256: string;
  version: "issued" | "accepted";
  created_at: string;
}

export interface DocumentAcceptancesTable {
  id: Generated<number>;
  document_id: number;
  kind: "express" | "tacit";
  user_id: number | null;
  accepter_name: string;
  accepted_at: string;
  ip: string | null;
  user_agent: string | null;
  accepted_sha256: string;
  file_key: string;
  size: number;
}

export interface OwnerBankRequestsTable {
  id: Generated<number>;
  owner_id: number;
  pix_key: string | null;
  bank_account: string | null;
  remove_pix: Generated<number>;
  note: string | null;
  requested_by_id: number | null;
  requested_at: string;
  outcome: "confirmed" | "refused" | null;
  decided_by_id: number | null;
  decided_by_name: string | null;
  decided_at: string | null;
  decision_note: string | null;
}

// Charges beside the rent (migration 0037,
// docs/decisions/0068-charges-beside-the-rent.md).
export type RentChargeKind = "iptu" | "condominio" | "seguro_incendio" | "reparo" | "multa_rescisoria" | "outro";
export type ChargeReceiver = "owner" | "agency" | "third_party";
export interface RecurringChargesTable {
  id: Generated<number>;
  client_id: number;
  kind: RentChargeKind;
  description: string;
  amount_cents: Cents;
  receiver: ChargeReceiver;
  first_month: string; // "yyyy-MM"
  last_month: string | null; // "yyyy-MM", inclusive; NULL: until ended
  created_by_name: string;
  created_at: string;
  updated_at: string;
}
// Income tax withheld on rent (migration 0043, decision 0074): the monthly
// tables as data (bands and reduction as JSON, see withholding/irrf.ts), and
// what a company tenant withholds from each person owner's share of a
// billing's rent, with the ledger discount that takes it off (entry_id; in
// force while that entry is not reversed). Never updated nor deleted.
export interface IrrfTablesTable {
  id: Generated<number>;
  valid_from: string; // "yyyy-MM-dd"
  valid_until: string | null;
  bands: string;
  reduction: string | null;
  simplified_discount_bp: number;
  source: string;
  created_at: string;
}

export interface BillingWithholdingsTable {
  id: Generated<number>;
  billing_id: number;
  owner_id: number | null;
  entry_id: number;
  table_id: number;
  income_cents: Cents;
  base_cents: Cents;
  irrf_cents: Cents;
  created_at: string;
}

// A charge on a billing; its money is the ledger entry (entry_id), cancelled
// by that entry's reversal. Never updated nor deleted.
export interface RentChargesTable {
  id: Generated<number>;
  client_id: number;
  billing_id: number;
  kind: RentChargeKind;
  description: string;
  amount_cents: Cents;
  receiver: ChargeReceiver;
  recurring_id: number | null;
  entry_id: number;
  op_key: string | null;
  // A third party's charge paid on by the agency (migration 0041): set once.
  payout_id: number | null;
  created_by_name: string;
  created_at: string;
}

// "Acerto de saída" (migration 0038, docs/decisions/0069-lease-settlement.md):
// once per contract; its money is in the ledger.
export interface LeaseSettlementsTable extends PrivateFileColumns {
  id: Generated<number>;
  client_id: number;
  returned_on: string;
  fine_rents: number;
  fine_exempt: number;
  fine_cents: Cents;
  unused_cents: Cents;
  repairs: string; // JSON SettlementRepair[]
  caution_cents: Cents;
  billing_id: number | null; // the billing of the fine and the repairs
  credit_id: number | null; // the caução's credit
  owed_after_cents: Cents;
  to_return_cents: Cents;
  lines: string; // JSON: the statement as drawn
  created_by_name: string;
  created_at: string;
}

// A lease's renewals and addenda (migration 0040, docs/decisions/0071-renewals.md).
export interface LeaseVersionsTable extends PrivateFileColumns {
  id: Generated<number>;
  client_id: number;
  kind: "renovacao" | "aditivo";
  effective_on: string;
  reason: string;
  before: string; // JSON LeaseTerms
  after: string; // JSON LeaseTerms
  op_key: string | null;
  created_by_name: string;
  created_at: string;
}

// A third party's charge paid on by the agency (migration 0041,
// docs/decisions/0072-third-party-payouts.md): once a charge, never changed.
export interface ThirdPartyPayoutsTable {
  id: Generated<number>;
  charge_id: number;
  paid_on: string;
  reference: string | null;
  created_by_name: string;
  created_at: string;
}

// A contract's owners and their shares (migration 0036,
// docs/decisions/0067-co-owners.md): basis points summing to 10000 a contract;
// position 0 is the owner clients.owner_id names.
export interface LeaseOwnersTable {
  client_id: number;
  owner_id: number;
  share_bp: number;
  position: number;
}

// The final statement that took an owner's share of a paid billing
// (migration 0036): one row an owner and billing.
export interface BillingTransfersTable {
  billing_id: number;
  owner_id: number;
  owner_statement_id: number;
}

// Monthly rate of an index, in parts per million (0,52% = 5200; -0,73% = -7300).
export interface IndexValuesTable {
  id: Generated<number>;
  index_code: ReadjustmentIndex;
  month: string; // "yyyy-MM"
  rate_ppm: number;
  source: "manual" | "sgs";
  updated_at: string;
}

// A contract's yearly readjustment (Lei 10.192/2001: at most once in 12 months).
export interface ReadjustmentsTable {
  id: Generated<number>;
  client_id: number;
  anniversary: string; // "yyyy-MM-dd": the day the new rent applies from
  index_code: ReadjustmentIndex;
  first_month: string; // the 12 published months accumulated, "yyyy-MM"
  last_month: string;
  accumulated_ppm: number; // product of (1 + rate) − 1, in parts per million
  old_rent_cents: Cents;
  new_rent_cents: Cents;
  created_at: string;
  // Migration 0012: when the rent and the unpaid billings changed. The
  // tenant's email, 30 days before, is in email_outbox (migration 0017).
  applied_at: string | null;
  // Migration 0049: the "Aviso de Reajuste" PDF (a private file), drawn with
  // the row; null on rows made before it existed.
  notice_key: string | null;
  notice_size: number | null;
}

// An owner's final monthly statement (Extrato do Proprietário nº N), made
// when the transfer is marked done; its PDF is private; emailed once, retried.
// The PDF is drawn just after (migration 0027): file_key is "pending:<id>"
// and size 0 until then.
export interface OwnerStatementsTable extends PrivateFileColumns {
  id: Generated<number>;
  owner_id: number;
  month: string; // "yyyy-MM"
  gross_cents: Cents; // every amount received in the month for the owner's contracts
  charges_cents: Cents; // of which multa and juros
  admin_fee_cents: Cents;
  first_rent_fee_cents: Cents;
  net_cents: Cents; // the transfer
  items: string; // JSON: the lines as stated
  // The owner's entries it took (migration 0032): JSON StatementDeduction[], and their sum.
  deductions: Generated<string>;
  deductions_cents: Generated<Cents>;
  // Charges beside the rent the owner receives, passed on without fee (migration 0037).
  reimbursed_cents: Generated<Cents>;
  transferred_on: string; // "yyyy-MM-dd"
  // Where the transfer went, as the owner's details were when it was marked
  // done (migration 0045); NULL before.
  destination: string | null;
  created_by_name: string;
  created_at: string;
}

// An informe de rendimentos to email (migration 0014): one per year, kind and
// person (an owner, or a tenant's client record).
export interface IncomeReportEmailsTable {
  id: Generated<number>;
  year: number;
  kind: "owner" | "tenant";
  person_id: number;
  queued_at: string;
  queued_by_name: string;
}

// Inspections (migration 0015, docs/decisions/0044-inspections.md).
export type InspectionKind = "entrada" | "saida";
export type ItemCondition = "novo" | "bom" | "regular" | "ruim" | "danificado";

export interface InspectionsTable {
  id: Generated<number>;
  client_id: number;
  kind: InspectionKind;
  date: string; // "yyyy-MM-dd"
  inspector_id: number | null;
  inspector_name: string;
  keys_count: number | null;
  water_reading: string | null;
  power_reading: string | null;
  replaces_id: number | null; // the locked inspection this one corrects
  entry_id: number | null; // an exit inspection: the entry it is compared with
  finalized_at: string | null; // set: locked
  report_key: string | null; // the PDF report under uploads/private, once finalized
  report_size: number | null;
  created_at: string;
  updated_at: string;
}

export interface InspectionRoomsTable {
  id: Generated<number>;
  inspection_id: number;
  name: string;
  position: number;
}

export interface InspectionItemsTable {
  id: Generated<number>;
  room_id: number;
  name: string;
  condition: ItemCondition | null;
  note: string | null;
  position: number;
  entry_item_id: number | null; // an exit item: the entry's item it continues
  repair_cost_cents: Cents | null; // staff's cost for a worsened item
}

export interface InspectionContestsTable {
  id: Generated<number>;
  item_id: number;
  note: string;
  created_at: string;
  answer: string | null;
  answered_at: string | null;
  answered_by_name: string | null;
  // Upheld: the state the item counts as (migration 0048); null: the state stands.
  outcome_condition: ItemCondition | null;
}

export interface InspectionContestPhotosTable {
  id: Generated<number>;
  contest_id: number;
  file_key: string;
  width: number;
  height: number;
  created_at: string;
}

export interface InspectionPhotosTable {
  id: Generated<number>;
  item_id: number;
  file_key: string;
  width: number;
  height: number;
  taken_at: string | null; // when the camera recorded it (EXIF), else null
  created_at: string;
}

// The water or electricity meter's photo of an inspection (one of each).
export type InspectionMeter = "agua" | "energia";
export interface InspectionMeterPhotosTable {
  id: Generated<number>;
  inspection_id: number;
  meter: InspectionMeter;
  file_key: string;
  width: number;
  height: number;
  taken_at: string | null;
  created_at: string;
}

// The columns of a stored private file, the same in every table that keeps
// one (docs/decisions/0024-private-files.md; written by
// models/files/documents.server.ts).
export interface PrivateFileColumns {
  file_name: string; // the original name
  file_key: string; // the random name under uploads/private
  mime_type: string; // the type found by content
  size: number;
}

// A guarantee's documents (migration 0044, decision 0075): private files of
// the contract, as its contract files.
export interface GuaranteeDocumentsTable extends PrivateFileColumns {
  id: Generated<number>;
  client_id: number;
  uploaded_by_id: number | null;
  uploaded_by_name: string;
  uploaded_at: string;
}

export interface ContractsTable extends PrivateFileColumns {
  id: Generated<number>;
  client_id: number;
  uploaded_by_id: number | null;
  uploaded_by_name: string;
  uploaded_at: string;
}

export interface MaintenanceRequestsTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: string;
  category: Generated<MaintenanceCategory>;
  priority: Generated<MaintenancePriority>;
  status: Generated<MaintenanceStatus>;
  admin_notes: string | null;
  requested_at: string;
  completed_at: string | null;
  updated_at: string;
}

export interface MaintenanceImagesTable {
  id: Generated<number>;
  request_id: number;
  file_key: string;
  width: number;
  height: number;
  position: number;
}

export interface MaintenanceDocumentsTable extends PrivateFileColumns {
  id: Generated<number>;
  request_id: number;
  uploaded_by_name: string;
  uploaded_at: string;
}

// Billing (migrations/0005_billing.ts). month_year is "yyyy-MM", due_date and
// payment_date "yyyy-MM-dd" (payment_date: the agency's day it was marked
// paid), amounts centavos.

export interface BillingTable {
  id: Generated<number>;
  client_id: number;
  month_year: string;
  amount_cents: Cents;
  due_date: string;
  status: Generated<BillingStatus>;
  payment_date: string | null;
  amount_paid_cents: Cents | null; // received (migration 0009)
  // Reconciliation (migration 0010): credit minus the amount due when staff
  // confirmed a credit off by more than R$ 0,05, until resolved.
  payment_difference_cents: Cents | null;
  difference_resolved_at: string | null;
  external_payment_id: string | null;
  // The owner statement (repasse) this payment went into (migration 0013);
  // since migration 0036, the last one once every owner's share is
  // transferred (each share's: billing_transfers). Any share transferred,
  // the payment can no longer change.
  owner_statement_id: number | null;
  // The ledger's projection (migration 0028, app/models/ledger/): charges −
  // discounts − allocations. With status, payment_date (the last payment's
  // date) and amount_paid_cents (allocated to it), written only with the entries.
  open_cents: Generated<Cents>;
  rent_open_cents: Generated<Cents>; // what multa and juros run on
  accrued_through: string | null; // the day multa and juros were last charged to
  // Migration 0034: the last day it is paid without multa and juros (the due
  // date, or the next business day), and the days it charges (NULL before
  // 0034: a whole month) out of its whole period's period_days.
  grace_until: string;
  period_start: string | null;
  period_end: string | null;
  period_days: number | null;
  created_at: string;
  updated_at: string;
}

export interface BillingDocumentsTable extends PrivateFileColumns {
  id: Generated<number>;
  billing_id: number;
  digitable_line: string | null; // unique when present (migration 0009)
  uploaded_by_id: number | null;
  uploaded_by_name: string;
  uploaded_at: string;
}

// "Já paguei" (migration 0031, docs/decisions/0063-payment-proofs.md): a
// tenant's proof of payment for one of their billings; it settles nothing.
export type PaymentProofStatus = "pending" | "checked" | "refused";

export interface PaymentProofsTable extends PrivateFileColumns {
  id: Generated<number>;
  billing_id: number;
  client_id: number; // the billing's
  paid_on: string | null; // "yyyy-MM-dd", as the tenant says
  amount_cents: Cents | null; // as the tenant says
  note: string | null;
  op_key: string; // the form's one-time key (unique)
  status: Generated<PaymentProofStatus>;
  sent_at: string;
  reviewed_at: string | null;
  reviewed_by_name: string | null;
  reviewed_by: "staff" | "paid" | null; // staff's decision, or closed when the billing became Pago
  refusal_reason: string | null;
}

// Boletos confirmed and waiting for "Processar N Boletos"; what the reader
// did not find is NULL.
export interface BoletoQueueTable extends PrivateFileColumns {
  id: Generated<number>;
  client_id: number;
  due_date: string | null;
  amount_cents: Cents | null;
  month_year: string | null;
  digitable_line: string | null;
  source: string | null;
  created_by_id: number | null;
  created_at: string;
  confirmed_at: string | null;
  // 1: staff confirmed the boleto's amount replaces the billing's of that month (migration 0009).
  update_amount: Generated<number>;
}

// Numbered receipts (migration 0009): N is the id; the items as paid. A
// billing taken back from Pago voids its receipt (voided_at).
export interface BillingReceiptsTable extends PrivateFileColumns {
  id: Generated<number>;
  billing_id: number;
  payment_date: string;
  days_late: number;
  late_fee_bp: number;
  monthly_interest_bp: number;
  rent_cents: Cents;
  late_fee_cents: Cents;
  interest_cents: Cents;
  adjustment_cents: Cents;
  total_cents: Cents;
  created_at: string;
  voided_at: string | null;
  // The ledger (migration 0028): the credit it acknowledges (null: voided
  // before the ledger), what the billing still owed after it, why it was voided.
  credit_id: number | null;
  open_after_cents: Cents | null;
  void_reason: string | null;
}

// The rent ledger (migration 0028, docs/decisions/0061-rent-ledger.md): rows
// never updated nor deleted; a reversal is a row of the same kind and item
// with the opposite amount and reverses_id.
export type LedgerKind = "charge" | "discount" | "credit" | "allocation";
export type LedgerItemColumn = "rent" | "late_fee" | "interest" | "other";
export interface LedgerEntriesTable {
  id: Generated<number>;
  client_id: number; // the tenant account
  kind: LedgerKind;
  item: LedgerItemColumn | null;
  billing_id: number | null;
  credit_id: number | null;
  amount_cents: Cents;
  on_date: string; // "yyyy-MM-dd": due date, payment date, the day juros ran to
  method: string | null; // credit: pix, boleto, ted, dinheiro, extrato, registro
  statement_line_id: number | null;
  reference: string | null;
  memo: string | null;
  op_key: string | null;
  reverses_id: number | null;
  created_by_id: number | null;
  created_by_name: string;
  created_at: string;
}

// An owner's account besides the rents (migration 0032,
// docs/decisions/0064-owners-from-the-ledger.md): never updated nor deleted.
// amount_cents is what the entry takes off the transfer (a reversal: the
// opposite, with reverses_id).
export type OwnerEntryKind = "deduction" | "estorno" | "carry";
export interface OwnerEntriesTable {
  id: Generated<number>;
  owner_id: number;
  kind: OwnerEntryKind;
  amount_cents: Cents;
  description: string;
  on_date: string; // "yyyy-MM-dd"
  client_id: number | null;
  billing_id: number | null;
  credit_id: number | null;
  from_statement_id: number | null;
  fee_refund_cents: Generated<Cents>;
  op_key: string | null;
  reverses_id: number | null;
  created_by_id: number | null;
  created_by_name: string;
  created_at: string;
}

// The final statement that took an owner entry (once).
export interface OwnerStatementEntriesTable {
  entry_id: number;
  statement_id: number;
}

export interface LedgerBackfillNotesTable {
  billing_id: number;
  stored_status: string;
  open_cents: Cents;
  credit_left_cents: Cents;
  reason: string;
}

export type BillingNoticeKind = "issued" | "reminder" | "overdue" | "receipt";

// Every email the app sends (migration 0017, docs/decisions/0051-email-outbox.md).
export type EmailStatus = "queued" | "sent" | "failed";
export interface EmailOutboxTable {
  id: Generated<number>;
  kind: EmailKind;
  dedupe_key: string; // unique: "billing:12:overdue", "owner-statement:3"...
  ref: string | null; // what it is about, for a record's trace: "billing:12"
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: Generated<string>; // JSON: [{ file_key, filename, content_type }]
  status: EmailStatus; // failed: given up after MAX_ATTEMPTS
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  sent_at: string | null;
}

// Bank statements imported for reconciliation (migrations 0010, 0028).
export type StatementKind = "ofx" | "cnab240" | "cnab400";
export interface StatementImportsTable extends PrivateFileColumns {
  id: Generated<number>;
  kind: StatementKind;
  sha256: string | null; // the file's bytes (unique: a file is imported once); null before 0028
  account: string | null;
  period_start: string | null;
  period_end: string | null;
  lines_count: number;
  credits_count: number;
  exact_count: number;
  probable_count: number;
  already_count: number;
  settled_count: Generated<number>;
  document_horizon_id: number | null; // the highest billing_documents id at import (null before 0028)
  created_by_id: number | null;
  created_by_name: string;
  created_at: string;
  confirmed_by_name: string | null;
  confirmed_at: string | null;
}

// "already": the same bank line (line_key) settled a billing in an earlier import.
export type StatementMatchKind = "exact" | "probable" | "none" | "already";
export interface StatementLinesTable {
  id: Generated<number>;
  import_id: number;
  position: number;
  line_key: string;
  posted_date: string;
  amount_cents: Cents;
  credit: number; // 0/1
  memo: string;
  payer_name: string | null;
  payer_doc: string | null;
  reference: string | null;
  document_number: string | null;
  fees_cents: Generated<Cents>;
  match_kind: StatementMatchKind;
  match_reason: string | null;
  billing_id: number | null;
  due_cents: Cents | null;
  difference_cents: Cents | null;
  settled_billing_id: number | null;
  settled_at: string | null;
  info: Generated<number>; // 0/1: a CNAB movement that moves no money (neither credit nor debit)
  movement: string | null; // CNAB movement / ocorrência code ("06")
  movement_name: string | null; // as the layout names it ("Liquidação")
  interest_cents: Generated<Cents>; // juros and multa within the amount (CNAB), else 0
}

// One row, counted up by triggers on every write to the tables the public
// pages show (migration 0008); the page cache compares it.
export interface PublicContentVersionTable {
  id: number;
  version: number;
}

export interface Database {
  users: UsersTable;
  owner_bank_requests: OwnerBankRequestsTable;
  issued_documents: IssuedDocumentsTable;
  issued_document_files: IssuedDocumentFilesTable;
  document_acceptances: DocumentAcceptancesTable;
  maintenance_costs: MaintenanceCostsTable;
  maintenance_approvals: MaintenanceApprovalsTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_attempts: LoginAttemptsTable;
  properties: PropertiesTable;
  property_images: PropertyImagesTable;
  banners: BannersTable;
  ideal_property_requests: IdealPropertyRequestsTable;
  property_listing_requests: PropertyListingRequestsTable;
  audit_log: AuditLogTable;
  clients: ClientsTable;
  holidays: HolidaysTable;
  guarantees: GuaranteesTable;
  guarantee_documents: GuaranteeDocumentsTable;
  contracts: ContractsTable;
  maintenance_requests: MaintenanceRequestsTable;
  maintenance_images: MaintenanceImagesTable;
  maintenance_documents: MaintenanceDocumentsTable;
  billing: BillingTable;
  billing_documents: BillingDocumentsTable;
  payment_proofs: PaymentProofsTable;
  boleto_queue: BoletoQueueTable;
  billing_receipts: BillingReceiptsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_backfill_notes: LedgerBackfillNotesTable;
  email_outbox: EmailOutboxTable;
  statement_imports: StatementImportsTable;
  statement_lines: StatementLinesTable;
  owners: OwnersTable;
  lease_owners: LeaseOwnersTable;
  recurring_charges: RecurringChargesTable;
  rent_charges: RentChargesTable;
  lease_settlements: LeaseSettlementsTable;
  lease_versions: LeaseVersionsTable;
  third_party_payouts: ThirdPartyPayoutsTable;
  irrf_tables: IrrfTablesTable;
  billing_withholdings: BillingWithholdingsTable;
  billing_transfers: BillingTransfersTable;
  income_report_emails: IncomeReportEmailsTable;
  inspections: InspectionsTable;
  inspection_rooms: InspectionRoomsTable;
  inspection_items: InspectionItemsTable;
  inspection_photos: InspectionPhotosTable;
  inspection_meter_photos: InspectionMeterPhotosTable;
  inspection_contests: InspectionContestsTable;
  inspection_contest_photos: InspectionContestPhotosTable;
  index_values: IndexValuesTable;
  readjustments: ReadjustmentsTable;
  owner_statements: OwnerStatementsTable;
  owner_entries: OwnerEntriesTable;
  owner_statement_entries: OwnerStatementEntriesTable;
  public_content_version: PublicContentVersionTable;
}
