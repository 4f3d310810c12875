import { OWNER_PROPERTY_TYPES } from "#app/models/properties/options";

// Request statuses of docs/product.md §Solicitações, shared by both request
// tables. Client-safe labels; the badge colours live in
// components/admin/request-status-badge.tsx.
export const REQUEST_STATUSES = {
  pending: { label: "Pendente" },
  contacted: { label: "Contatado" },
  resolved: { label: "Resolvido" },
} as const;

export type RequestStatus = keyof typeof REQUEST_STATUSES;

export const REQUEST_STATUS_VALUES = Object.keys(REQUEST_STATUSES) as [RequestStatus, ...RequestStatus[]];

function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === "string" && Object.hasOwn(REQUEST_STATUSES, value);
}

// Unknown values (a row written by hand) are shown raw.
export function requestStatusLabel(status: string) {
  return isRequestStatus(status) ? REQUEST_STATUSES[status].label : status;
}

// Links for a visitor's phone as typed on the public forms: "(67) 99999-0000",
// "+55 67 ...". Brazilian numbers without the country code get 55 for WhatsApp.
function phoneDigits(phone: string) {
  return phone.replace(/\D/g, "");
}

export function telHref(phone: string) {
  const digits = phoneDigits(phone);
  return digits ? `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}` : null;
}

export function whatsappHref(phone: string) {
  const digits = phoneDigits(phone);
  if (digits.length < 10) return null;
  const full = digits.length <= 11 ? `55${digits}` : digits;
  return `https://wa.me/${full}`;
}

// property_type is stored as the key of OWNER_PROPERTY_TYPES ("casa"); older or
// hand-written values are shown as stored.
export function ownerPropertyTypeLabel(type: string) {
  return (OWNER_PROPERTY_TYPES as Record<string, string>)[type] ?? type;
}
