import { z } from "zod";
import { OWNER_PROPERTY_TYPES } from "#app/models/properties/options";
import { COUNT_MAX } from "./limits";
import {
  brlField,
  emailField,
  honeypotField,
  LIMITS,
  nameField,
  optionalText,
  phoneField,
  requiredText,
  optionalWholeNumberField,
} from "#app/models/shared/fields";
import { privacyNoticeField } from "#app/models/privacy/privacy.schema";

// Field names of the product (docs/product.md §Anuncie seu Imóvel): nome,
// email, telefone, tipoImovel, preco, endereco, area, quartos, suites,
// banheiros, vagas, descricao.
const count = (max: number) => optionalWholeNumberField(max, undefined);

export const ownerRequestSchema = z.object({
  nome: nameField,
  email: emailField,
  telefone: phoneField,
  tipoImovel: z.enum(Object.keys(OWNER_PROPERTY_TYPES) as [keyof typeof OWNER_PROPERTY_TYPES], {
    error: "Escolha o tipo do imóvel.",
  }),
  preco: brlField({ required: "Campo obrigatório.", invalid: "Informe um preço válido, por exemplo 350.000,00." }),
  endereco: requiredText(300),
  area: count(COUNT_MAX.area),
  quartos: count(COUNT_MAX.quartos),
  suites: count(COUNT_MAX.suites),
  banheiros: count(COUNT_MAX.banheiros),
  vagas: count(COUNT_MAX.vagas),
  descricao: optionalText(LIMITS.longText),
  website: honeypotField,
  privacyNotice: privacyNoticeField,
});

export type OwnerRequestInput = Omit<z.infer<typeof ownerRequestSchema>, "privacyNotice"> & { privacyNotice?: boolean };
