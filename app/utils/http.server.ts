import { data, type RouterContextProvider } from "react-router";
import { staffContext } from "./staff-context";
import { redirectWithToast } from "./toast.server";

export { parseId } from "./ids";

// Throws a 404 (or the given status) when a row is missing or is not the
// caller's, so loaders and actions read as a straight line. The message is for
// the error boundary; it never names what exists.
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = { status: 404 }): asserts condition {
  if (!condition) throw data({ message }, init);
}

export type StaffRole = "master" | "staff";

// The signed-in staff member that the admin layout's middleware put in context
// (no second session lookup). "master" pages refuse admins with the spec's
// toast; "staff" is anyone the layout let in.
export async function requireRole(context: Readonly<RouterContextProvider>, role: StaffRole) {
  const user = context.get(staffContext);
  if (role === "master" && user.role !== "master") {
    throw await redirectWithToast("/admin/dashboard", {
      type: "error",
      title: "Acesso negado",
      description: "Apenas o usuário master pode gerenciar a equipe.",
    });
  }
  return user;
}
