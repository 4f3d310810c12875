import { redirect } from "react-router";
import { getDb } from "../../db/db.server";
import { deleteSession } from "../../models/accounts/sessions.server";
import { clearSessionCookie, readSessionToken } from "../../utils/session.server";
import { redirectWithToast } from "../../utils/toast.server";
import type { Route } from "./+types/logout";

// Logging out changes data, so it is a POST; a GET only goes back to the login.
export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  await deleteSession(getDb(), await readSessionToken(request));
  return redirectWithToast("/admin", { type: "success", title: "Logout realizado" }, { headers: { "Set-Cookie": await clearSessionCookie(request) } });
}
