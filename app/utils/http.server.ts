import { data, type RouterContextProvider } from "react-router";
import { log, reasonOf } from "./log.server";
import { staffContext } from "./staff-context";
import { redirectWithToast } from "./toast.server";

export { parseId } from "./ids";

// Throws a 404 (or the given status) when a row is missing or is not the
// caller's, so loaders and actions read as a straight line. The message is for
// the error boundary; it never names what exists.
export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit = { status: 404 },
): asserts condition {
  if (!condition) throw data({ message }, init);
}

export const UNREADABLE_FORM = "Não foi possível ler o formulário enviado. Recarregue a página e tente novamente.";

// The body of a plain form post, or a 400 for one that cannot be parsed (a
// broken multipart body, a charset the parser refuses). server.ts has already
// refused anything that is not a form and anything above 256 KB
// (docs/decisions/0007-request-pipeline.md); the upload forms parse their
// bodies with app/utils/uploads.server.ts instead. One line in the log.
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    log.warn("request.refused", { status: 400, reason: `unreadable form (${reasonOf(error)})` });
    throw data({ message: UNREADABLE_FORM }, { status: 400 });
  }
}

export type StaffRole = "master" | "staff";

// The signed-in staff member that the admin layout's middleware put in context
// (no second session lookup). "master" pages refuse admins with the spec's
// toast; "staff" is anyone the layout let in.
// `refusal` says what the page is for ("gerenciar a equipe").
export async function requireRole(
  context: Readonly<RouterContextProvider>,
  role: StaffRole,
  refusal = "gerenciar a equipe",
) {
  const user = context.get(staffContext);
  if (role === "master" && user.role !== "master") {
    throw await redirectWithToast("/admin/dashboard", {
      type: "error",
      title: "Acesso negado",
      description: `Apenas o usuário master pode ${refusal}.`,
    });
  }
  return user;
}
