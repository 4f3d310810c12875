import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { IdealRequestInput } from "./ideal-request.schema";
import type { OwnerRequestInput } from "./owner-request.schema";

// Visitor requests start as pending (DESIGN.md decision 7); staff handle them
// in the back office.
export async function createIdealRequest(db: Kysely<Database>, input: IdealRequestInput) {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("ideal_property_requests")
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      ideal_property: input.idealProperty,
      status: "pending",
      resolved_by: null,
      created_at: now,
      updated_at: now,
      // The form showed the privacy notice when it was sent (LGPD).
      privacy_notice_at: input.privacyNotice ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createOwnerRequest(db: Kysely<Database>, input: OwnerRequestInput) {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("property_listing_requests")
    .values({
      name: input.nome,
      email: input.email,
      phone: input.telefone,
      property_type: input.tipoImovel,
      address: input.endereco,
      price: input.preco,
      area: input.area ?? null,
      bedrooms: input.quartos ?? null,
      suites: input.suites ?? null,
      bathrooms: input.banheiros ?? null,
      parking_spaces: input.vagas ?? null,
      description: input.descricao || null,
      status: "pending",
      resolved_by: null,
      created_at: now,
      updated_at: now,
      // The form showed the privacy notice when it was sent (LGPD).
      privacy_notice_at: input.privacyNotice ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
