import { LISTING_TYPES } from "#app/models/properties/options";

// Request statuses of spec/back-office.md §4, shared by both request tables.
// Client-safe: labels and badge colours for the inbox pages.
export const REQUEST_STATUSES = {
  pending: { label: "Pendente", badge: "bg-yellow-100 text-yellow-900 ring-yellow-300" },
  contacted: { label: "Contatado", badge: "bg-blue-100 text-blue-900 ring-blue-300" },
  resolved: { label: "Resolvido", badge: "bg-green-100 text-green-900 ring-green-300" },
} as const;

export type RequestStatus = keyof typeof REQUEST_STATUSES;

export const REQUEST_STATUS_VALUES = Object.keys(REQUEST_STATUSES) as [RequestStatus, ...RequestStatus[]];

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === "string" && Object.hasOwn(REQUEST_STATUSES, value);
}

// Unknown values (a row written by hand) are shown raw, in grey.
export function requestStatusInfo(status: string) {
  return isRequestStatus(status) ? REQUEST_STATUSES[status] : { label: status, badge: "bg-slate-100 text-slate-800 ring-slate-300" };
}

// Links for a visitor's phone as typed on the public forms: "(67) 99999-0000",
// "+55 67 ...". Brazilian numbers without the country code get 55 for WhatsApp.
export function phoneDigits(phone: string) {
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

// property_type is stored as the key of LISTING_TYPES ("casa"); older or
// hand-written values are shown as stored.
export function listingTypeLabel(type: string) {
  return (LISTING_TYPES as Record<string, string>)[type] ?? type;
}
