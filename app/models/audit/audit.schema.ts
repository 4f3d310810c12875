import { z } from "zod";
import { parseLocalDay } from "#app/models/shared/days";
import { AUDIT_ENTITY_VALUES, type AuditEntity } from "./labels";

// The filter of /admin/auditoria, read from the URL of its GET form:
// ?pessoa=<user id>&entidade=<entity>&de=<day>&ate=<day>&page=N. Days are
// dd/MM/yyyy or yyyy-MM-dd (a date input), in the agency's zone. Anything
// malformed is ignored rather than refused: a stale or edited link still
// opens the page. Client-safe.

export type AuditFilter = { actorId?: number; entity?: AuditEntity; from?: string; to?: string };

const MAX_PAGE = 100_000;

const day = z
  .string()
  .transform((v) => parseLocalDay(v) ?? undefined)
  .optional()
  .catch(undefined);

const auditQuerySchema = z.object({
  pessoa: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  entidade: z.enum(AUDIT_ENTITY_VALUES).optional().catch(undefined),
  de: day,
  ate: day,
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform((v) => Math.min(Math.max(Number(v), 1), MAX_PAGE))
    .optional()
    .catch(undefined),
});

export function parseAuditQuery(params: URLSearchParams): { filter: AuditFilter; page: number } {
  const q = auditQuerySchema.parse({
    pessoa: params.get("pessoa") ?? undefined,
    entidade: params.get("entidade") ?? undefined,
    de: params.get("de") ?? undefined,
    ate: params.get("ate") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  // "De 31/01 até 01/01" means the same days as the other way round.
  const [from, to] = q.de && q.ate && q.de > q.ate ? [q.ate, q.de] : [q.de, q.ate];
  const filter: AuditFilter = {};
  if (q.pessoa !== undefined) filter.actorId = q.pessoa;
  if (q.entidade) filter.entity = q.entidade;
  if (from) filter.from = from;
  if (to) filter.to = to;
  return { filter, page: q.page ?? 1 };
}

// The URL of a page of the same filter (pagination links).
export function auditQueryString(filter: AuditFilter, page = 1) {
  const q = new URLSearchParams();
  if (filter.actorId !== undefined) q.set("pessoa", String(filter.actorId));
  if (filter.entity) q.set("entidade", filter.entity);
  if (filter.from) q.set("de", filter.from);
  if (filter.to) q.set("ate", filter.to);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `?${s}` : "";
}
