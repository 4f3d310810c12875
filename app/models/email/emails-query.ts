import type { EmailStatus } from "#app/db/schema";
import { EMAIL_KINDS, type EmailKind } from "./kinds";

// The "Emails" page's filters in its URL (?tipo=&para=&situacao=&pagina=).
// Client-safe. Anything unreadable falls back to its default: a bad link
// shows the list, never an error.
export type EmailsQuery = { kind: EmailKind | null; to: string; status: EmailStatus | null; page: number };

const STATUSES: readonly EmailStatus[] = ["queued", "sent", "failed"];

export function parseEmailsQuery(params: URLSearchParams): EmailsQuery {
  const kind = params.get("tipo") ?? "";
  const status = params.get("situacao") ?? "";
  const page = Number(params.get("pagina"));
  return {
    kind: Object.hasOwn(EMAIL_KINDS, kind) ? (kind as EmailKind) : null,
    to: (params.get("para") ?? "").trim().slice(0, 100),
    status: (STATUSES as readonly string[]).includes(status) ? (status as EmailStatus) : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function emailsQueryString(q: Omit<EmailsQuery, "page">, page = 1) {
  const params = new URLSearchParams();
  if (q.kind) params.set("tipo", q.kind);
  if (q.to) params.set("para", q.to);
  if (q.status) params.set("situacao", q.status);
  if (page > 1) params.set("pagina", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
