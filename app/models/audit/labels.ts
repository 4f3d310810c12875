import { formatPercent } from "#app/models/billing/charges";
import { billingStatusLabel } from "#app/models/billing/status";
import { maintenancePriorityLabel, maintenanceStatusLabel } from "#app/models/maintenance/labels";
import { requestStatusLabel } from "#app/models/leads/admin/request-status";
import { statusLabel } from "#app/models/properties/options";
import { formatPrice } from "#app/models/shared/money";

// What the audit trail records and how the page names it, in Portuguese.
// Client-safe. A new domain (clients, contracts, billing, maintenance) adds
// its entity here and calls recordAudit from its write functions.

export const AUDIT_ENTITIES = {
  property: "Imóvel",
  banner: "Banner",
  ideal_request: "Solicitação de imóvel ideal",
  owner_request: "Anúncio de proprietário",
  staff_account: "Conta da equipe",
  client_account: "Conta de cliente",
  client: "Cliente",
  contract: "Contrato",
  maintenance_request: "Solicitação de manutenção",
  maintenance_document: "Documento de manutenção",
  billing: "Cobrança",
  billing_document: "Boleto de cobrança",
  billing_receipt: "Recibo de aluguel",
  // The ledger (app/models/ledger/): a payment received, a discount granted.
  ledger_credit: "Pagamento recebido",
  ledger_discount: "Desconto concedido",
  // "Já paguei" (app/models/payment-proofs/): a tenant's proof, staff's answer.
  payment_proof: "Comprovante de pagamento",
  queued_boleto: "Boleto aguardando processamento",
  statement_import: "Extrato bancário",
  owner: "Proprietário",
  index_value: "Índice de reajuste",
  readjustment: "Reajuste de aluguel",
  owner_statement: "Extrato do proprietário",
  // What staff or an estorno put on an owner's account (owners/owner-entries.server.ts).
  owner_entry: "Lançamento na conta do proprietário",
  inspection: "Vistoria",
  inspection_room: "Cômodo de vistoria",
  inspection_item: "Item de vistoria",
  // The email outbox (app/models/email/outbox-views.server.ts): "Reenviar".
  email: "Email",
  // LGPD export and erasure by email (app/models/privacy); the id is a hash of the email.
  personal_data: "Dados pessoais",
  // "Feriados" (app/models/calendar/): the days a due date moves past.
  holiday: "Feriado",
  // A contract's guarantee (app/models/guarantees/).
  guarantee: "Garantia do contrato",
  guarantee_document: "Documento da garantia",
  // What the agency gave back to a tenant after the acerto de saída (leases/refund.server.ts).
  tenant_refund: "Devolução ao inquilino",
  // Charges beside the rent (app/models/charges/).
  rent_charge: "Encargo",
  recurring_charge: "Encargo mensal",
  // "Acerto de saída" (app/models/leases/).
  lease_settlement: "Acerto de saída",
  lease_version: "Renovação ou aditivo",
  third_party_payout: "Repasse a terceiro",
  // The owner's area (decision 0077): a payout details change the owner asked, staff's answer.
  owner_bank_request: "Pedido de alteração de dados bancários",
  maintenance_cost: "Custo de manutenção",
  maintenance_approval: "Aprovação do proprietário",
  // The tenant's acceptance of a document (decision 0080), express or tacit.
  document_acceptance: "Aceite de documento",
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_VALUES = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

export const AUDIT_ACTIONS = {
  create: "Criação",
  update: "Alteração",
  delete: "Exclusão",
  restore: "Restauração do padrão",
  password_reset: "Senha redefinida",
  password_change: "Senha alterada",
  password_recovery: "Senha redefinida pelo link do email",
  export: "Exportação de dados pessoais",
  erase: "Eliminação de dados pessoais",
  anonymize: "Anonimização",
  resend: "Email reenviado",
  // A billing's overdue reminder queued by staff (billing/bulk-reminders.server.ts).
  remind: "Lembrete de atraso por email",
  // "Encerrar contrato" / "Reabrir contrato" (clients/contract-end.server.ts).
  end_contract: "Contrato encerrado",
  reopen_contract: "Contrato reaberto",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

// Column names as people read them; a field not listed shows its own name.
const FIELD_LABELS: Record<string, string> = {
  name: "Nome",
  type: "Tipo",
  status: "Status",
  category: "Categoria",
  location: "Localização",
  price: "Preço",
  price_cents: "Preço",
  area: "Área",
  bedrooms: "Quartos",
  suites: "Suítes",
  bathrooms: "Banheiros",
  parking_spaces: "Vagas",
  description: "Descrição",
  featured: "Destaque",
  standard: "Padrão",
  is_exclusive: "Exclusivo",
  advertised_for: "Modalidade",
  property_code: "Código",
  images: "Imagens",
  title: "Título",
  subtitle: "Subtítulo",
  link: "Link",
  btn_text: "Texto do botão",
  image_url: "Imagem",
  mobile_image_url: "Imagem (celular)",
  is_active: "Ativo",
  show_on_desktop: "Exibir no computador",
  show_on_mobile: "Exibir no celular",
  resolved_by: "Responsável",
  username: "Usuário",
  email: "Email",
  role: "Papel",
  active: "Ativa",
  phone: "Telefone",
  cpf_cnpj: "CPF/CNPJ",
  property_address: "Endereço do imóvel",
  contract_start_date: "Início do contrato",
  contract_end_date: "Fim do contrato",
  ended_on: "Encerrado em",
  ended_reason: "Motivo do encerramento",
  personal_data_erased_at: "Dados pessoais apagados em",
  monthly_rent: "Aluguel",
  monthly_rent_cents: "Aluguel",
  payment_due_day: "Dia de vencimento",
  late_fee_bp: "Multa por atraso (%)",
  monthly_interest_bp: "Juros de mora (% ao mês)",
  owner_name: "Proprietário",
  owner_email: "Email do proprietário",
  owner_phone: "Telefone do proprietário",
  user_id: "Login",
  client_id: "Cliente",
  file_name: "Arquivo",
  priority: "Prioridade",
  admin_notes: "Observações do administrador",
  completed_at: "Concluída em",
  request_id: "Solicitação",
  mime_type: "Tipo do arquivo",
  size: "Tamanho (bytes)",
  month_year: "Mês de referência",
  amount_cents: "Valor",
  due_date: "Vencimento",
  payment_date: "Pago em",
  amount_paid: "Valor recebido",
  amount_paid_cents: "Valor recebido",
  days_late: "Dias de atraso",
  rent_cents: "Aluguel",
  late_fee_cents: "Multa",
  interest_cents: "Juros",
  adjustment_cents: "Desconto ou acréscimo",
  total_cents: "Total pago",
  voided_at: "Cancelado em",
  external_payment_id: "ID do pagamento",
  billing_id: "Cobrança",
  digitable_line: "Linha digitável",
  update_amount: "Atualizar o valor da cobrança",
  amount_due_cents: "Valor para pagamento no dia",
  paid_on: "Pago em (informado)",
  refusal_reason: "Motivo da recusa",
};

// Columns stored as 0/1.
const FLAGS = new Set([
  "featured",
  "is_exclusive",
  "is_active",
  "show_on_desktop",
  "show_on_mobile",
  "active",
  "update_amount",
]);
// Columns holding centavos (NULL: SOB CONSULTA): every `*_cents` column
// (migration 0018 gave them one spelling), and the names the older audit
// rows carry, written before it.
const isMoney = (field: string) => field.endsWith("_cents") || ["price", "monthly_rent", "amount_paid"].includes(field);
// Columns holding basis points (10% = 1000).
const PERCENT = new Set(["late_fee_bp", "monthly_interest_bp"]);

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field;

const ROLES: Record<string, string> = { master: "Master", admin: "Administrador", client: "Cliente" };

// Stored codes people read in Portuguese, per entity and field.
function codeLabel(entity: string, field: string, value: string) {
  if (field === "status" && entity === "property") return statusLabel(value);
  if (field === "status" && (entity === "ideal_request" || entity === "owner_request"))
    return requestStatusLabel(value);
  if (field === "role") return ROLES[value] ?? value;
  if (entity === "maintenance_request" && field === "status") return maintenanceStatusLabel(value);
  if (entity === "maintenance_request" && field === "priority") return maintenancePriorityLabel(value);
  if (entity === "billing" && field === "status") return billingStatusLabel(value);
  return value;
}

const MAX_SHOWN = 120;

// One side of a change, as the page shows it ("—" for nothing).
export function formatChangeValue(entity: string, field: string, value: unknown): string {
  if (isMoney(field) && (value === null || typeof value === "number")) return formatPrice(value);
  if (value === null || value === undefined || value === "") return "—";
  if (PERCENT.has(field) && typeof value === "number") return `${formatPercent(value)}%`;
  if (typeof value === "string") value = codeLabel(entity, field, value);
  if (FLAGS.has(field) && (value === 0 || value === 1 || typeof value === "boolean"))
    return value === 1 || value === true ? "sim" : "não";
  if (typeof value === "boolean") return value ? "sim" : "não";
  const text = Array.isArray(value)
    ? value.length
      ? value.join(", ")
      : "—"
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

// A line of the "Alterações" column: "Campo: antes → depois" for a change; a
// creation or a deletion has one side only, shown alone ("Campo: valor").
export function describeChange(
  entity: string,
  action: string,
  field: string,
  [before, after]: [unknown, unknown],
): string {
  const name = fieldLabel(field);
  // A reminder, like a creation, has only what was sent.
  if (action === "create" || action === "remind") return `${name}: ${formatChangeValue(entity, field, after)}`;
  if (action === "delete") return `${name}: ${formatChangeValue(entity, field, before)}`;
  return `${name}: ${formatChangeValue(entity, field, before)} → ${formatChangeValue(entity, field, after)}`;
}
