import { TIME_ZONE } from "./format";

// Dates and times in pt-BR, in the agency's time zone
// (docs/decisions/0021-time-zone-and-formats.md).
const dateFmt = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const dateTimeFmt = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatDate(iso: string | Date) {
  return dateFmt.format(typeof iso === "string" ? new Date(iso) : iso);
}

export function formatDateTime(iso: string | Date) {
  return dateTimeFmt.format(typeof iso === "string" ? new Date(iso) : iso).replace(",", "");
}
