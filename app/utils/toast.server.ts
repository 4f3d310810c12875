import { redirect, redirectDocument, type Cookie } from "react-router";
import { cookieSecrets, secureCookies } from "./cookie-secrets.server";
import { signedCookie } from "./signed-cookie.server";
import { isPrivatePath } from "./private-paths";
import type { Toast } from "./toast";

// One-time flash cookie: set by an action's redirect, read and cleared by the
// root loader, so the toast renders on the server and shows without JavaScript.
let cookie: Cookie | undefined;
function toastCookie() {
  cookie ??= signedCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    secrets: cookieSecrets(),
    maxAge: 60,
  });
  return cookie;
}

// A public page is never rendered in the browser (docs/decisions/0046): sent
// there from a page that runs React (the client area's "Sair"), the browser
// loads it as a document (React Router's redirectDocument; a plain form post
// follows the 302 as always).
export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie().serialize(toast));
  const toPublicPage = !isPrivatePath(new URL(url, "http://localhost").pathname.toLowerCase());
  return (toPublicPage ? redirectDocument : redirect)(url, { ...init, headers });
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("toast=")) return { toast: null, setCookie: null };
  const value = (await toastCookie().parse(header)) as Toast | null;
  const setCookie = await toastCookie().serialize("", { maxAge: 0 });
  if (!value || typeof value !== "object" || typeof value.title !== "string") return { toast: null, setCookie };
  return { toast: value, setCookie };
}
