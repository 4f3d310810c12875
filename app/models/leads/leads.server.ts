import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { IdealRequestInput } from "./ideal-request.schema";
import type { InterestInput } from "./interest.schema";
import type { OwnerRequestInput } from "./owner-request.schema";

// Visitor requests start as pending (docs/decisions/0023-visitor-requests.md);
// staff handle them in the back office. The home page's form and a property
// page's "Tenho interesse" share the ideal-property inbox; the latter with its
// property.
type IdealRow = {
  name: string;
  email: string;
  phone: string | null;
  text: string;
  propertyId: number | null;
  privacyNotice?: boolean;
};
async function insertIdealRow(db: Kysely<Database>, row: IdealRow) {
  const now = new Date().toISOString();
  const inserted = await db
    .insertInto("ideal_property_requests")
    .values({
      name: row.name,
      email: row.email,
      phone: row.phone,
      ideal_property: row.text,
      property_id: row.propertyId,
      status: "pending",
      resolved_by: null,
      created_at: now,
      updated_at: now,
      // The form showed the privacy notice when it was sent (LGPD).
      privacy_notice_at: row.privacyNotice ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function createIdealRequest(db: Kysely<Database>, input: IdealRequestInput) {
  const { name, email, phone, idealProperty: text, privacyNotice } = input;
  return insertIdealRow(db, { name, email, phone: phone || null, text, propertyId: null, privacyNotice });
}

// The email column predates this form and is NOT NULL: a visitor who left
// only a phone is stored with an empty email, which the inbox shows as "—".
export async function createPropertyInterest(db: Kysely<Database>, propertyId: number, input: InterestInput) {
  const { name, email, phone, message: text, privacyNotice } = input;
  return insertIdealRow(db, { name, email: email ?? "", phone: phone || null, text, propertyId, privacyNotice });
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
      price_cents: input.preco,
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
