import { z } from "zod";
import { parseBRL, type Cents } from "#app/models/shared/money";
import { parseLocalDay } from "#app/models/shared/days";
import { maxMessage, PASSWORD_RULE, REQUIRED } from "./messages";

export { maxMessage, PASSWORD_RULE, REQUIRED };

// The field rules every form schema is built from, written once: the
// messages, the lengths and what counts as a valid email, phone, password,
// amount or id. Conform turns an empty input into undefined before zod sees
// it, so "required" is the missing-value case. Client-safe, but it pulls zod:
// public components never import it (their constraints come from the loader).

export const LIMITS = {
  name: 120,
  email: 254,
  phone: 30,
  username: 40,
  password: 200,
  longText: 5000,
  amount: 30,
} as const;

// What a text field may hold: line breaks as plain "\n" (browsers post CRLF)
// and tabs, but no other control character (NUL, escape...) and no
// bidirectional override or isolate (U+202A-U+202E, U+2066-U+2069), which
// can make "txt.exe" read as "exe.txt" in an inbox. Removed, not refused:
// people paste them without knowing.
// eslint-disable-next-line no-control-regex -- control characters are the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
export function cleanText(value: string) {
  return value.replace(/\r\n?/g, "\n").replace(UNSAFE_TEXT, "");
}

// Any text a person types: cleaned, then trimmed. Every text rule starts here.
export function plainText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(cleanText).trim();
}

// A required text: at least one character, at most `max`.
export function requiredText(max: number, required: string = REQUIRED) {
  return plainText({ error: required }).min(1, required).max(max, maxMessage(max));
}

export function optionalText(max: number) {
  return plainText().max(max, maxMessage(max)).optional();
}

export const nameField = requiredText(LIMITS.name);

const emailShape = z.email();
export const emailField = plainText({ error: REQUIRED })
  .min(1, REQUIRED)
  .max(LIMITS.email, maxMessage(LIMITS.email))
  // A refine (not a pipe) keeps the length in the form's HTML constraints.
  .refine((v) => emailShape.safeParse(v).success, "Informe um email válido.");

// Brazilian phone: 10 or 11 digits once punctuation is removed (DDD + number).
export const phoneField = plainText({ error: REQUIRED })
  .max(LIMITS.phone, maxMessage(LIMITS.phone))
  .refine(
    (v) => /^(\+?55)?\d{10,11}$/.test(v.replace(/[\s().-]/g, "")),
    "Informe um telefone com DDD, por exemplo (67) 99999-0000.",
  );

// A password people can type on a phone yet not guess: 8+ characters with a
// letter and a digit. Shared by the CLI, the reset page and the staff forms.
export const newPasswordField = z
  .string({ error: REQUIRED })
  .min(8, PASSWORD_RULE)
  .max(LIMITS.password, maxMessage(LIMITS.password))
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), PASSWORD_RULE);
// A password typed to prove who one is (login, current password): any text.
export const currentPasswordField = z.string({ error: REQUIRED }).max(LIMITS.password, maxMessage(LIMITS.password));

export const usernameField = plainText({ error: REQUIRED })
  .min(3, "O nome de usuário deve ter pelo menos 3 caracteres.")
  .max(LIMITS.username, maxMessage(LIMITS.username))
  .regex(/^[a-zA-Z0-9._-]+$/, "Use apenas letras, números, ponto, hífen e sublinhado.");

// A row id posted by a form: decimal digits only, positive.
export function idField(message: string) {
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,14}$/, message)
    .transform(Number)
    .refine(Number.isSafeInteger, message);
}

// The private upload dialogs (Enviar Contrato, Upload Documento, Anexar
// Boleto): the id of what the file belongs to, posted under the product's
// field name (`owner`: client_id, request_id), and one file. Both optional on
// the way in, so that a missing one gives the dialog's single message
// (`required`) rather than two field errors; both there on the way out, as
// { id, file }. The file's type and size are judged on the server.
export function privateUploadSchema(owner: string, messages: { required: string; invalid: string }) {
  return z
    .object({ [owner]: idField(messages.invalid).optional(), file: z.file().optional() })
    .transform((value, ctx) => {
      const { [owner]: id, file } = value;
      if (typeof id === "number" && file instanceof File && file.size > 0) return { id, file };
      ctx.addIssue({ code: "custom", path: [], message: messages.required });
      return z.NEVER;
    });
}

// One private upload dialog from a single description: the form the server
// reads (privateUploadSchema, posting the owner's id as `choiceName`), the
// size limit with its message, and the dialog's words for PrivateUploadForm.
type UploadWords = {
  choiceName: string;
  choiceLabel: string;
  placeholder: string;
  accept: string;
  hint: string;
  submitLabel: string;
  busyLabel?: string;
  alertTitle: string;
};
export function privateUpload(
  messages: { required: string; invalid: string; tooLarge: string },
  { maxBytes, ...form }: UploadWords & { maxBytes: number },
) {
  return { schema: privateUploadSchema(form.choiceName, messages), maxBytes, tooLarge: messages.tooLarge, form };
}

// An amount in reais as people type it ("1.250,00", "1250", "R$ 1.250,5"),
// parsed into centavos (undefined: not an amount; null: SOB CONSULTA).
function amountText(messages: AmountMessages, accept: (cents: number | null | undefined) => boolean) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(LIMITS.amount, messages.invalid)
    .transform((v, ctx) => {
      const cents = parseBRL(v);
      if (!accept(cents)) {
        ctx.addIssue({ code: "custom", message: messages.invalid });
        return z.NEVER;
      }
      return cents;
    });
}
type AmountMessages = { required: string; invalid: string };

// A positive amount.
export function brlField(messages: AmountMessages) {
  return amountText(messages, (c) => c != null && c > 0).transform((c) => c as Cents);
}

// The most a rent, a billing or a boleto may be: R$ 10.000.000,00. A lease
// beyond it is a slip of the keyboard, and amounts near 2^53 centavos are no
// longer shown exactly (90.071.992.547.409,91 came out a centavo off).
export const MAX_RENTAL_AMOUNT_CENTS = 10_000_000_00;
export const RENTAL_AMOUNT_TOO_LARGE = "Informe um valor de até R$ 10.000.000,00.";

// A positive rental amount, at most MAX_RENTAL_AMOUNT_CENTS.
export function rentalAmountField(messages: AmountMessages) {
  return brlField(messages).refine((c) => c <= MAX_RENTAL_AMOUNT_CENTS, RENTAL_AMOUNT_TOO_LARGE);
}

// A positive amount, or SOB CONSULTA (stored as NULL): a listing's price.
export function brlOrOnRequestField(messages: AmountMessages) {
  return amountText(messages, (c) => c === null || (c !== undefined && c > 0)).transform((c) => c as Cents | null);
}

// A whole number typed in a text or number input: decimal digits only (no
// "0x10", "1e3" or "2.5"), from 0 up to `max`.
function toWholeNumber(max: number) {
  return (v: string, ctx: z.RefinementCtx<string | undefined>) => {
    if (!/^[-+]?\d+$/.test(v)) {
      ctx.addIssue({ code: "custom", message: "Informe um número inteiro." });
      return z.NEVER;
    }
    const n = Number(v);
    if (n < 0) {
      ctx.addIssue({ code: "custom", message: "O valor não pode ser negativo." });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: "custom", message: `O valor máximo é ${max.toLocaleString("pt-BR")}.` });
      return z.NEVER;
    }
    return n;
  };
}

export function requiredWholeNumberField(max: number, required: string = REQUIRED) {
  return z.string({ error: required }).trim().min(1, required).transform(toWholeNumber(max));
}

// Left blank, it is `emptyAs` (0 for a listing's counts, undefined when unknown).
export function optionalWholeNumberField<Empty extends number | undefined>(max: number, emptyAs: Empty) {
  const parse = toWholeNumber(max);
  return z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => (v ? parse(v, ctx) : emptyAs));
}

// A checkbox posts "on" when checked and nothing when not.
export const checkboxField = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

// A hidden field that people never fill; bots that fill every input do.
export const honeypotField = z.string().optional();

// The one-time key of a form that moves money (docs/decisions/0061-rent-ledger.md):
// the page's loader issues one (crypto.randomUUID()) in a hidden field; the
// write stores it with its entry, unique, so the same form posted twice (a
// double click, a retry, a reload) writes once and answers the first result.
export const ONCE_KEY_STALE = "Este formulário expirou. Recarregue a página e tente novamente.";
export const onceKeyField = z.string({ error: ONCE_KEY_STALE }).regex(/^[A-Za-z0-9-]{16,64}$/, ONCE_KEY_STALE);

// A calendar day as a date input posts it ("2025-01-31") or people type it
// ("31/01/2025") -> "yyyy-MM-dd"; anything else is `message`.
export function localDayField(message: string) {
  return plainText({ error: message })
    .max(10, message)
    .transform((v, ctx) => {
      const day = parseLocalDay(v);
      if (!day) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return day;
    });
}
