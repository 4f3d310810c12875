import { z } from "zod";
import { idField } from "#app/models/shared/fields";
import { REQUEST_STATUS_VALUES, type RequestStatus } from "./request-status";

// The inbox forms of /admin/requests and /admin/listings (and their detail
// pages). Field names follow the entity (docs/product.md §Entidades): status,
// resolved_by. Client-safe.

const RESPONSIBLE_MAX = 120;
const SEARCH_MAX = 100;

const requestIdField = idField("Solicitação inválida.");

const statusUpdateSchema = z.object({
  intent: z.literal("status"),
  id: requestIdField,
  status: z.enum(REQUEST_STATUS_VALUES, { error: "Status inválido." }),
  redirectTo: z.string().optional(),
});

const responsibleUpdateSchema = z.object({
  intent: z.literal("responsible"),
  id: requestIdField,
  resolved_by: z
    .string({ error: "Responsável inválido." })
    .trim()
    .min(1, "Responsável inválido.")
    .max(RESPONSIBLE_MAX, "Responsável inválido."),
  redirectTo: z.string().optional(),
});

export const requestUpdateSchema = z.discriminatedUnion("intent", [statusUpdateSchema, responsibleUpdateSchema]);

// ?status=pending|contacted|resolved&q=text. Anything else is ignored rather
// than refused: a stale bookmark still opens the inbox.
const requestFilterSchema = z.object({
  status: z.enum(REQUEST_STATUS_VALUES).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .transform((v) => v.slice(0, SEARCH_MAX))
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
});
export type RequestFilter = { status?: RequestStatus; q?: string };

export function parseRequestFilter(params: URLSearchParams): RequestFilter {
  return requestFilterSchema.parse({ status: params.get("status") ?? undefined, q: params.get("q") ?? undefined });
}

// Where a form returns after its POST: only pages of the back office, never
// another origin ("//evil", "/\\evil") or a scheme.
export function safeAdminRedirect(value: unknown, fallback: string) {
  if (typeof value !== "string" || value.length > 500) return fallback;
  // Printable ASCII only: anything else cannot go in a Location header.
  if (!/^\/admin\/[\x21-\x7e]*$/.test(value) || value.includes("\\") || value.includes("//")) return fallback;
  return value;
}
