import type { StoredImage } from "#app/models/properties/images";
import type { PropertyCard } from "#app/models/properties/types";

// Shapes derived from the public ones (types.ts) so a new column is declared once.
export type AdminPropertyRow = Pick<
  PropertyCard,
  | "id"
  | "property_code"
  | "name"
  | "location"
  | "price_cents"
  | "advertised_for"
  | "featured"
  | "type"
  | "created_at"
  | "cover"
> & { leased: boolean }; // a running contract rents it (decision 0070)

export type EditableImage = StoredImage & { id: number; position: number };

export type EditableProperty = Omit<PropertyCard, "cover" | "created_at"> & {
  description: string | null;
  cep: string | null;
  images: EditableImage[];
};
