import { getDb } from "#app/db/db.server";
import { idealRequestSchema } from "#app/models/leads/ideal-request.schema";
import { createIdealRequest } from "#app/models/leads/leads.server";
import { visitorFormAction } from "./visitor-form.server";

// Where the visitor lands after sending: back at the form, not the page's top.
export const IDEAL_FORM_ANCHOR = "/#imovel-ideal";

// The ideal-property request (home page). The form posts to "/" (root's
// action), so a refused post does not leave "/?index" in the address bar;
// "/?index" (the home route's action) takes the same post for older pages.
export async function idealRequestAction(request: Request) {
  return visitorFormAction(request, idealRequestSchema, {
    redirectTo: IDEAL_FORM_ANCHOR,
    success: { type: "success", title: "Solicitação enviada!", description: "Entraremos em contato em breve!" },
    save: (value) => createIdealRequest(getDb(), value),
    what: "ideal request",
  });
}
