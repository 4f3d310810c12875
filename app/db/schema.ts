import type { Generated } from "kysely";

// Table types for Kysely. Booleans are stored as 0/1 integers (SQLite), money
// as integer centavos, timestamps as ISO-8601 UTC text.
export interface PropertiesTable {
  id: Generated<number>;
  property_code: number;
  name: string;
  type: string;
  status: string;
  category: string;
  location: string;
  price: number | null; // centavos; NULL means SOB CONSULTA
  area: number;
  bedrooms: number;
  suites: number;
  bathrooms: number;
  parking_spaces: number;
  description: string | null;
  featured: number;
  standard: string;
  is_exclusive: number;
  advertised_for: string;
  search_text: string;
  created_at: string;
  updated_at: string;
}

export interface PropertyImagesTable {
  id: Generated<number>;
  property_id: number;
  position: number;
  file_key: string;
  widths: string; // JSON array of the stored WebP widths, ascending
  width: number;
  height: number;
  created_at: string;
}

export interface BannersTable {
  id: string;
  title: string;
  subtitle: string;
  image_url: string;
  mobile_image_url: string;
  link: string;
  btn_text: string;
  is_active: number;
  show_on_mobile: number;
  show_on_desktop: number;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface IdealPropertyRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  ideal_property: string;
  status: Generated<string>;
  resolved_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface PropertyListingRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  property_type: string;
  address: string;
  price: number; // centavos
  area: number | null;
  bedrooms: number | null;
  suites: number | null;
  bathrooms: number | null;
  parking_spaces: number | null;
  description: string | null;
  status: Generated<string>;
  resolved_by: string | null;
  created_at: string;
  updated_at: string;
}

export type Role = "master" | "admin" | "client";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string; // SHA-256 of the cookie token
  user_id: number;
  expires_at: string;
  created_at: string;
  user_agent: string | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_started_at: string;
}

// One row per staff write (migrations/0003_audit_log.ts). actor_id is NULL
// for a script ("Sistema") or once the account is deleted; actor_name stays.
export interface AuditLogTable {
  id: Generated<number>;
  created_at: string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  changes: string; // JSON {field: [before, after]}
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_attempts: LoginAttemptsTable;
  properties: PropertiesTable;
  property_images: PropertyImagesTable;
  banners: BannersTable;
  ideal_property_requests: IdealPropertyRequestsTable;
  property_listing_requests: PropertyListingRequestsTable;
  audit_log: AuditLogTable;
}
