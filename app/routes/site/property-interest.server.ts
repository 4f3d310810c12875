import { getDb } from "#app/db/db.server";
import { interestSchema } from "#app/models/leads/interest.schema";
import { createPropertyInterest } from "#app/models/leads/leads.server";
import { visitorFormAction } from "./visitor-form.server";

// "Tenho interesse" on /imoveis/:id (the page's action): the request lands in
// the ideal-property inbox with the property linked. The server's rate limit
// on public posts covers it (server/request-rules.ts, isPublicPost), and the
// honeypot is checked like on every visitor form. The caller has checked
// that the property exists.
export async function propertyInterestAction(request: Request, propertyId: number) {
  return visitorFormAction(request, interestSchema, {
    redirectTo: `/imoveis/${propertyId}#tenho-interesse`,
    success: { type: "success", title: "Solicitação enviada!", description: "Entraremos em contato em breve!" },
    save: (value) => createPropertyInterest(getDb(), propertyId, value),
    what: "property interest",
  });
}
