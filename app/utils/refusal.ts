import { isRouteErrorResponse } from "react-router";

// A request refused for what it sent (4xx other than 404: a form that could
// not be read, a method the page does not take, too many posts from one
// address), as the error boundaries show it: its own short message when the
// refusal carries one. The refusal was logged in one line where it was made,
// so the boundaries do not log it again. Client-safe.
const REFUSED_TITLE = "Não foi possível concluir o pedido";
const TOO_MANY_TITLE = "Muitas tentativas";

// The server's request pipeline (server/request-pipeline.ts) refuses in plain
// text, which a post sent by React Router (JavaScript on) receives as the
// error's data: a short sentence, never a page.
function plainText(data: unknown) {
  if (typeof data !== "string") return null;
  const text = data.trim();
  return text && text.length <= 300 && !text.includes("<") ? text : null;
}

export function refusalOf(error: unknown): { status: number; title: string; message: string } | null {
  if (!isRouteErrorResponse(error) || error.status === 404 || error.status >= 500) return null;
  const carried = (error.data as { message?: unknown } | null)?.message;
  const message =
    typeof carried === "string" ? carried : (plainText(error.data) ?? "Volte à página anterior e tente novamente.");
  return { status: error.status, title: error.status === 429 ? TOO_MANY_TITLE : REFUSED_TITLE, message };
}
