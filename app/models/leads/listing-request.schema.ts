import { z } from "zod";
import { parseBRL } from "#app/utils/format";
import { LISTING_TYPES } from "#app/models/properties/options";
import { emailField, honeypot, MAX_TEXT, optionalCount, optionalText, phoneField, REQUIRED, requiredText } from "./fields";

// Field names of the spec (public-site issue): nome, email, telefone, tipoImovel,
// preco, endereco, area, quartos, suites, banheiros, vagas, descricao.
export const listingRequestSchema = z.object({
  nome: requiredText(120),
  email: emailField,
  telefone: phoneField,
  tipoImovel: z.enum(Object.keys(LISTING_TYPES) as [keyof typeof LISTING_TYPES], { error: "Escolha o tipo do imóvel." }),
  preco: z
    .string({ error: REQUIRED })
    .trim()
    .max(30, "Informe um preço válido, por exemplo 350.000,00.")
    .transform((v, ctx) => {
      const cents = parseBRL(v);
      if (cents == null || cents <= 0) {
        ctx.addIssue({ code: "custom", message: "Informe um preço válido, por exemplo 350.000,00." });
        return z.NEVER;
      }
      return cents;
    }),
  endereco: requiredText(300),
  area: optionalCount(100_000_000),
  quartos: optionalCount(100),
  suites: optionalCount(100),
  banheiros: optionalCount(100),
  vagas: optionalCount(100),
  descricao: optionalText(MAX_TEXT),
  website: honeypot,
});

export type ListingRequestInput = z.infer<typeof listingRequestSchema>;
