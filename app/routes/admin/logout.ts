import { redirect } from "react-router";
import { getDb } from "#app/db/db.server";
import { deleteSession } from "#app/models/accounts/sessions.server";
import { clearSessionCookie, readSessionToken } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/logout";

// Logging out changes data, so it is a POST; a GET only goes back to the login.
export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  await deleteSession(getDb(), await readSessionToken(request));
  return redirectWithToast(
    "/admin",
    { type: "success", title: "Logout realizado" },
    { headers: { "Set-Cookie": await clearSessionCookie(request) } },
  );
}
