import { isRouteErrorResponse } from "react-router";

// A request refused for what it sent (4xx other than 404: a form that could
// not be read, a method the page does not take), as the error boundaries show
// it: its own short message when the refusal carries one. The refusal was
// logged in one line where it was made, so the boundaries do not log it again.
// Client-safe.
export const REFUSED_TITLE = "Não foi possível concluir o pedido";

export function refusalOf(error: unknown): { status: number; message: string } | null {
  if (!isRouteErrorResponse(error) || error.status === 404 || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return { status: error.status, message: typeof message === "string" ? message : "Volte à página anterior e tente novamente." };
}
