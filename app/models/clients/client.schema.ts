import { z } from "zod";
import { parseBRL } from "#app/models/shared/money";
import { parseLocalDay } from "#app/models/shared/days";
import {
  LIMITS,
  emailField,
  idField,
  maxMessage,
  MAX_RENTAL_AMOUNT_CENTS,
  nameField,
  newPasswordField,
  optionalText,
  phoneField,
  plainText,
  RENTAL_AMOUNT_TOO_LARGE,
  checkboxField,
  usernameField,
} from "#app/models/shared/fields";
import { percentToBp } from "#app/models/billing/charges";
import { isValidCpfCnpj, normalizeCpfCnpj } from "./documents";

// The client form of /admin/clients (docs/product.md §Clientes, issue 7).
// Empty optional fields arrive as undefined (Conform) and are stored as NULL.

export const USERNAME_TAKEN = "Este nome de usuário já está em uso. Por favor, escolha outro.";
export const EMAIL_TAKEN = "Este email já está em uso por outra conta.";
export const DEFAULT_DUE_DAY = 5;
const ADDRESS_MAX = 300;

export const cpfCnpjField = plainText()
  .max(24, maxMessage(24))
  .refine((v) => isValidCpfCnpj(v), "CPF ou CNPJ inválido: confira os dígitos.")
  .transform(normalizeCpfCnpj)
  .optional();

// "2025-01-31" (a date input) or "31/01/2025" -> "2025-01-31".
const dayField = plainText()
  .max(10, "Informe uma data válida (dd/mm/aaaa).")
  .transform((v, ctx) => {
    const day = parseLocalDay(v);
    if (!day) {
      ctx.addIssue({ code: "custom", message: "Informe uma data válida (dd/mm/aaaa)." });
      return z.NEVER;
    }
    return day;
  })
  .optional();

// "1.250,00", "1250", "R$ 1.250,5" -> centavos; empty -> undefined (NULL).
const rentField = z
  .string()
  .trim()
  .max(LIMITS.amount, "Informe um valor válido, por exemplo 1.250,00.")
  .transform((v, ctx) => {
    const cents = parseBRL(v);
    if (typeof cents !== "number" || cents <= 0) {
      ctx.addIssue({ code: "custom", message: "Informe um valor válido, por exemplo 1.250,00." });
      return z.NEVER;
    }
    if (cents > MAX_RENTAL_AMOUNT_CENTS) {
      ctx.addIssue({ code: "custom", message: RENTAL_AMOUNT_TOO_LARGE });
      return z.NEVER;
    }
    return cents;
  })
  .optional();

const DUE_DAY_MESSAGE = "O dia de vencimento deve ser um número de 1 a 31.";
const dueDayField = z
  .string()
  .trim()
  .max(2, DUE_DAY_MESSAGE)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return DEFAULT_DUE_DAY;
    const n = /^\d{1,2}$/.test(v) ? Number(v) : NaN;
    if (!(n >= 1 && n <= 31)) {
      ctx.addIssue({ code: "custom", message: DUE_DAY_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

// The contract's late fee and monthly interest (Lei 8.245/91 leaves them to
// the contract; docs/decisions/0031-charging-the-rent.md): percent as typed
// ("10", "2,5"), stored in basis points. Empty: the default.
export const DEFAULT_LATE_FEE_PERCENT = "10";
export const DEFAULT_MONTHLY_INTEREST_PERCENT = "1";
// The owner's side (issue 22; docs/decisions/0039-owners.md): the agency's
// administration fee on each rent received and its fee on the first rent
// (100: the agency keeps the first rent; 0: none), per contract.
export const DEFAULT_ADMIN_FEE_PERCENT = "10";
export const DEFAULT_FIRST_RENT_FEE_PERCENT = "100";
// The yearly readjustment's index (Lei 10.192/2001 leaves it to the contract); empty: none.
export const READJUSTMENT_INDEXES = ["IGPM", "IPCA", "INPC", "IGPDI"] as const;
export const READJUSTMENT_INDEX_LABELS: Record<(typeof READJUSTMENT_INDEXES)[number], string> = {
  IGPM: "IGP-M (FGV)",
  IPCA: "IPCA (IBGE)",
  INPC: "INPC (IBGE)",
  IGPDI: "IGP-DI (FGV)",
};
function percentField(maxPercent: number, fallback: string, message: string) {
  return z
    .string()
    .trim()
    .max(8, message)
    .optional()
    .transform((v, ctx) => {
      const bp = percentToBp(v === undefined || v === "" ? fallback : v);
      if (bp === null || bp > maxPercent * 100) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return bp;
    });
}

const clientFields = {
  name: nameField,
  email: emailField,
  phone: phoneField.optional(),
  cpf_cnpj: cpfCnpjField,
  property_address: optionalText(ADDRESS_MAX),
  // The listing rented, when the agency advertised it (decision 0070).
  property_id: idField("Escolha um imóvel da lista.").optional(),
  contract_start_date: dayField,
  contract_end_date: dayField,
  monthly_rent: rentField,
  payment_due_day: dueDayField,
  late_fee_percent: percentField(20, DEFAULT_LATE_FEE_PERCENT, "A multa deve ser um percentual de 0 a 20."),
  monthly_interest_percent: percentField(
    10,
    DEFAULT_MONTHLY_INTEREST_PERCENT,
    "Os juros devem ser um percentual de 0 a 10 ao mês.",
  ),
  owner_id: idField("Escolha um proprietário da lista.").optional(),
  admin_fee_percent: percentField(
    100,
    DEFAULT_ADMIN_FEE_PERCENT,
    "A taxa de administração deve ser um percentual de 0 a 100.",
  ),
  first_rent_fee_percent: percentField(
    100,
    DEFAULT_FIRST_RENT_FEE_PERCENT,
    "A taxa sobre o primeiro aluguel deve ser um percentual de 0 a 100.",
  ),
  // What the administration fee is taken on (decision 0064); empty: everything received.
  fee_base: z.enum(["all", "rent"], { error: "Escolha sobre o que incide a taxa." }).default("all"),
  readjustment_index: z.enum(READJUSTMENT_INDEXES, { error: "Escolha um índice da lista." }).optional(),
  readjustment_lowers: checkboxField,
  // Decision 0066: the first and last months by days, or whole months from
  // the start's anniversary; the index months' lag behind the anniversary.
  first_month: z.enum(["pro_rata", "full"], { error: "Escolha como cobrar o primeiro mês." }).default("pro_rata"),
  readjustment_lag_months: z.enum(["0", "1"], { error: "Escolha os meses do índice." }).default("1").transform(Number),
};

const END_BEFORE_START = "A data de término não pode ser anterior à data de início.";
function datesInOrder(v: { contract_start_date?: string; contract_end_date?: string }, ctx: z.RefinementCtx) {
  if (v.contract_start_date && v.contract_end_date && v.contract_end_date < v.contract_start_date) {
    ctx.addIssue({ code: "custom", path: ["contract_end_date"], message: END_BEFORE_START });
  }
}

// "Novo Cliente": the login's username is required; an empty password is generated.
export const newClientSchema = z
  .object({ ...clientFields, username: usernameField, password: newPasswordField.optional() })
  .superRefine(datesInOrder);
export type NewClientInput = z.infer<typeof newClientSchema>;

// "Editar Cliente": the username is changed only for a client with a login.
export const editClientSchema = z
  .object({ ...clientFields, username: usernameField.optional() })
  .superRefine(datesInOrder);
export type EditClientInput = z.infer<typeof editClientSchema>;

const clientId = idField("Cliente não encontrado");

// The row buttons of /admin/clients, told apart by `intent`.
export const clientRowActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("give-login"),
    id: clientId,
    username: usernameField,
    password: newPasswordField.optional(),
  }),
  z.object({ intent: z.enum(["reset-password", "disable-login", "delete"]), id: clientId }),
]);

// The stored values as the form's inputs show them (edit page).
export type ClientFormValues = Record<keyof typeof clientFields | "username", string>;
