import type { StoredImage } from "./images";

// Shapes the pages render. Client-safe (no database import).
export type PropertyCard = {
  id: number;
  property_code: number;
  name: string;
  type: string;
  status: string;
  category: string;
  location: string;
  price_cents: number | null;
  area: number;
  bedrooms: number;
  suites: number;
  bathrooms: number;
  parking_spaces: number;
  featured: boolean;
  standard: string;
  is_exclusive: boolean;
  advertised_for: string;
  created_at: string;
  cover: StoredImage | null;
};

export type PropertyDetail = PropertyCard & {
  leased: boolean; // rented now by a running contract (decision 0070)
  description: string | null;
  updated_at: string;
  images: StoredImage[];
};
