import type { ClientsTable, FeeBase, FirstMonth, ReadjustmentIndex } from "#app/db/schema";
import { formatPercent } from "#app/models/billing/charges";
import { formatCpfCnpj } from "./documents";
import { rentInputValue } from "./status";

// A contract's values as the client form shows them: "Editar Cliente" fills
// every field; "Novo contrato" (decision 0073) keeps the person and the rates
// and leaves the property, the dates and the rent to be typed.
type Saved = Pick<
  ClientsTable,
  | "name"
  | "email"
  | "phone"
  | "cpf_cnpj"
  | "property_address"
  | "contract_start_date"
  | "contract_end_date"
  | "owner_id"
  | "property_id"
> & {
  username: string | null;
  monthly_rent_cents: number | null;
  payment_due_day: number;
  late_fee_bp: number;
  monthly_interest_bp: number;
  admin_fee_bp: number;
  first_rent_fee_bp: number;
  fee_base: FeeBase;
  readjustment_index: ReadjustmentIndex | null;
  readjustment_lowers: number;
  first_month: FirstMonth;
  readjustment_lag_months: number;
};

export function clientFormDefaults(c: Saved) {
  return {
    ...nextLeaseFormDefaults(c),
    username: c.username ?? "",
    property_address: c.property_address ?? "",
    contract_start_date: c.contract_start_date ?? "",
    contract_end_date: c.contract_end_date ?? "",
    monthly_rent: rentInputValue(c.monthly_rent_cents),
    owner_id: c.owner_id === null ? "" : String(c.owner_id),
    property_id: c.property_id === null ? "" : String(c.property_id),
  };
}

export function nextLeaseFormDefaults(c: Saved) {
  return {
    name: c.name,
    email: c.email,
    phone: c.phone ?? "",
    cpf_cnpj: formatCpfCnpj(c.cpf_cnpj),
    payment_due_day: String(c.payment_due_day),
    late_fee_percent: formatPercent(c.late_fee_bp),
    monthly_interest_percent: formatPercent(c.monthly_interest_bp),
    admin_fee_percent: formatPercent(c.admin_fee_bp),
    first_rent_fee_percent: formatPercent(c.first_rent_fee_bp),
    fee_base: c.fee_base,
    readjustment_index: c.readjustment_index ?? "",
    readjustment_lowers: c.readjustment_lowers === 1 ? "on" : "",
    first_month: c.first_month,
    readjustment_lag_months: String(c.readjustment_lag_months),
  };
}
