import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import type { RouterContextProvider } from "react-router";
import { invariantResponse, parseId, requireRole, readFormData } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { listActiveStaffNames } from "#app/models/accounts/users.server";
import { REQUEST_STATUSES } from "#app/models/leads/admin/request-status";
import {
  getRequest,
  listRequests,
  setRequestResponsible,
  setRequestStatus,
  type RequestKind,
} from "#app/models/leads/admin/requests.server";
import { parseRequestFilter, requestUpdateSchema, safeAdminRedirect } from "#app/models/leads/admin/requests.schema";

// What the four inbox routes share: their loaders' data and the one action
// behind every status and responsible form (list rows and detail pages).

export const REQUEST_LIST_PATHS = { ideal: "/admin/requests", owner: "/admin/listings" } as const;

const STATUS_FAILED = "Não foi possível atualizar o status da solicitação.";
const RESPONSIBLE_FAILED = "Não foi possível atualizar o responsável.";
const NOT_FOUND = "A solicitação não foi encontrada.";

export async function loadRequestList<K extends RequestKind>(kind: K, url: URL) {
  const db = getDb();
  const filter = parseRequestFilter(url.searchParams);
  const [{ rows, truncated }, staff] = await Promise.all([listRequests(db, kind, filter), listActiveStaffNames(db)]);
  return { rows, truncated, staff, filter };
}

// A missing or malformed id is a 404 page
// (docs/decisions/0026-errors-and-not-found.md).
export async function loadRequestDetail<K extends RequestKind>(kind: K, idParam: string | undefined) {
  const id = parseId(idParam);
  const db = getDb();
  const row = id ? await getRequest(db, kind, id) : null;
  invariantResponse(row, "Solicitação não encontrada");
  return { row, staff: await listActiveStaffNames(db) };
}

// Every outcome is a redirect with a toast, so the forms work without
// JavaScript and a forged post never yields a 500. `idParam` is the detail
// page's URL id, which wins over any posted id.
export async function handleRequestUpdate(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: RequestKind,
  idParam?: string,
) {
  const actor = await requireRole(context, "staff");
  const listPath = REQUEST_LIST_PATHS[kind];
  const form = await readFormData(request);
  if (idParam !== undefined) form.set("id", idParam);
  const submission = parseWithZod(form, { schema: requestUpdateSchema });
  // Where to go back to and which message to give hold for a refused post
  // too, so they come from what was posted (safeAdminRedirect judges it).
  const { redirectTo, intent } = submission.payload;
  // The fallback is built only from a well-formed id (a raw URL id may hold
  // characters a Location header cannot carry).
  const back = safeAdminRedirect(redirectTo, parseId(idParam) ? `${listPath}/${idParam}` : listPath);
  const failTitle = intent === "responsible" ? RESPONSIBLE_FAILED : STATUS_FAILED;
  const fail = (description: string, to = back) =>
    redirectWithToast(to, { type: "error", title: failTitle, description });

  if (submission.status !== "success") {
    const fields = Object.keys(submission.error ?? {});
    if (fields.includes("resolved_by")) return fail("Responsável inválido.");
    if (fields.includes("status")) return fail("Status inválido.");
    if (fields.includes("id")) return fail(NOT_FOUND, listPath);
    return fail("Ação inválida.");
  }
  const input = submission.value;
  const db = getDb();
  if (input.intent === "status") {
    if (!(await setRequestStatus(db, kind, input.id, input.status, actor))) return fail(NOT_FOUND, listPath);
    return redirectWithToast(back, {
      type: "success",
      title: "Status atualizado",
      description: `A solicitação agora está como ${REQUEST_STATUSES[input.status].label}.`,
    });
  }
  const result = await setRequestResponsible(db, kind, input.id, input.resolved_by, actor);
  if (result === "invalid-responsible") return fail("Responsável inválido.");
  if (result === "not-found") return fail(NOT_FOUND, listPath);
  return redirectWithToast(back, {
    type: "success",
    title: "Responsável atualizado",
    description: `Solicitação resolvida por ${input.resolved_by}.`,
  });
}
