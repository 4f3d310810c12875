import { redirect } from "react-router";
import { getDb } from "#app/db/db.server";
import { deleteSession } from "#app/models/accounts/sessions.server";
import { clearSessionCookie, readSessionToken } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/logout";

// "Sair" of the client area: a POST that ends the session and goes back to
// the site. A GET only goes to the client login.
export function loader() {
  return redirect("/client-login");
}

export async function action({ request }: Route.ActionArgs) {
  await deleteSession(getDb(), await readSessionToken(request));
  return redirectWithToast(
    "/",
    { type: "success", title: "Logout realizado" },
    { headers: { "Set-Cookie": await clearSessionCookie(request) } },
  );
}
