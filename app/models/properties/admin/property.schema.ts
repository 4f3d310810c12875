import { z } from "zod";
import {
  brlOrOnRequestField,
  checkboxField,
  maxMessage,
  optionalWholeNumberField,
  plainText,
  requiredText,
  requiredWholeNumberField,
} from "#app/models/shared/fields";
import { SOB_CONSULTA } from "#app/utils/format";
import {
  ADVERTISED_FOR,
  CATEGORIES,
  FILTER_TYPES,
  PROPERTY_STATUSES,
  STANDARDS,
  type PropertyCategory,
} from "#app/models/properties/options";

// The property form of "Gestão de Imóveis" (docs/product.md
// §Gestão de Imóveis), under the property's field names. Client-safe: the form
// component reads the constants and messages, the actions parse with it. Images
// are not in this schema: the files are checked while the upload is parsed
// (size and type rules in #app/utils/image-rules) and their count (kept + new)
// by the save.

export const MAX_IMAGES = 10;
export const MIN_IMAGES = 1;

export const MESSAGES = {
  staleImages: "As imagens deste imóvel foram alteradas por outra pessoa. Recarregue a página e tente novamente.",
  name: "O nome do imóvel é obrigatório.",
  location: "A localização do imóvel é obrigatória.",
  price: "O preço do imóvel é obrigatório.",
  priceInvalid: `Informe um preço válido, por exemplo 450.000,00, ou ${SOB_CONSULTA}.`,
  area: "A área do imóvel é obrigatória.",
  images: "É necessário adicionar pelo menos 1 imagem do imóvel.",
  imageFile: "Apenas imagens JPG, PNG ou WEBP de até 5 MB.",
  tooManyImages: `Cada imóvel pode ter no máximo ${MAX_IMAGES} imagens.`,
  imageProcessing: "Não foi possível processar uma das imagens. Envie outra foto em JPG, PNG ou WEBP.",
  integer: "Informe um número inteiro.",
  negative: "O valor não pode ser negativo.",
  option: "Escolha uma opção da lista.",
  cep: "Informe o CEP no formato 00000-000.",
} as const;

// The order of docs/product.md §Gestão de Imóveis: the first refused field of
// this list is the one the summary names.
const ERROR_ORDER = ["name", "location", "price", "area", "images"] as const;

export const STATUS_OPTIONS = Object.keys(PROPERTY_STATUSES) as [
  keyof typeof PROPERTY_STATUSES,
  ...(keyof typeof PROPERTY_STATUSES)[],
];
export const CATEGORY_NAMES = CATEGORIES.map((c) => c.name) as [PropertyCategory, ...PropertyCategory[]];

const PROPERTY_DEFAULTS = {
  type: "Apartamento",
  status: "ready",
  category: "Lançamentos de Empreendimentos Imobiliários",
  standard: "ALTO PADRÃO",
  advertised_for: "COMPRA",
} as const;

function text(max: number, required?: string) {
  return required ? requiredText(max, required) : plainText().max(max, maxMessage(max));
}

const count = (max: number) => optionalWholeNumberField(max, 0);

const option = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: MESSAGES.option });

export const propertySchema = z.object({
  name: text(200, MESSAGES.name),
  location: text(300, MESSAGES.location),
  // Text: "450.000,00", "450000", "R$ 1.250,50" or SOB CONSULTA (stored as NULL).
  price: brlOrOnRequestField({ required: MESSAGES.price, invalid: MESSAGES.priceInvalid }),
  // An empty count is 0 (docs/product.md §Gestão de Imóveis); an empty area is
  // refused.
  area: requiredWholeNumberField(100_000_000, MESSAGES.area),
  type: option(FILTER_TYPES),
  status: option(STATUS_OPTIONS),
  category: option(CATEGORY_NAMES),
  bedrooms: count(100),
  suites: count(100),
  bathrooms: count(100),
  parking_spaces: count(1000),
  description: plainText()
    .max(10_000, maxMessage(10_000))
    .optional()
    .transform((v) => (v ? v : null)),
  featured: checkboxField,
  standard: option(STANDARDS),
  is_exclusive: checkboxField,
  advertised_for: option(ADVERTISED_FOR),
  // Optional; the portal feed needs it. Typed "79600-000" or "79600000",
  // stored as its 8 digits (NULL when left blank).
  cep: plainText()
    .max(9, { message: MESSAGES.cep, abort: true })
    .regex(/^\d{5}-?\d{3}$/, MESSAGES.cep)
    .optional()
    .transform((v) => (v ? v.replace("-", "") : null)),
  // The edit form names the property it was opened for; the action refuses
  // a post whose id is not the one of its URL (a forged or stale form).
  id: z.string().optional(),
});

// The CEP is optional for the model's other callers (seed, benchmark, fixtures).
export type PropertyInput = Omit<z.infer<typeof propertySchema>, "id" | "cep"> & { cep?: string | null };

// Values the form starts with (new: the spec's defaults; edit: the row).
export type PropertyFormValues = {
  name: string;
  type: string;
  status: string;
  category: string;
  location: string;
  price: string;
  area: string;
  bedrooms: string;
  suites: string;
  bathrooms: string;
  parking_spaces: string;
  description: string;
  featured: boolean;
  standard: string;
  is_exclusive: boolean;
  advertised_for: string;
  cep: string;
};

export const NEW_PROPERTY_VALUES: PropertyFormValues = {
  name: "",
  location: "",
  price: "",
  area: "",
  bedrooms: "",
  suites: "",
  bathrooms: "",
  parking_spaces: "",
  description: "",
  cep: "",
  featured: true,
  is_exclusive: false,
  ...PROPERTY_DEFAULTS,
};

const priceText = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// Centavos as the form shows them: "450.000,00", or SOB CONSULTA for NULL.
export function priceInputValue(centavos: number | null) {
  return centavos == null ? SOB_CONSULTA : priceText.format(centavos / 100);
}

// 8 stored digits as people write a CEP: "79600-000" ("" for none).
export function cepInputValue(cep: string | null) {
  return cep ? `${cep.slice(0, 5)}-${cep.slice(5)}` : "";
}

// The first error in the spec's order, for the summary above the form.
export function firstError(errors: Record<string, string[] | null | undefined> | null | undefined) {
  if (!errors) return undefined;
  for (const key of ERROR_ORDER) if (errors[key]?.length) return errors[key]![0];
  for (const [key, list] of Object.entries(errors)) if (key && list?.length) return list[0];
  return errors[""]?.[0];
}
