import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { ClientForm } from "#app/components/admin/client-form";
import { getDb } from "#app/db/db.server";
import { editClientSchema } from "#app/models/clients/client.schema";
import { getClient, updateClient } from "#app/models/clients/clients.server";
import { clientFormDefaults } from "#app/models/clients/form-defaults";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { leasableListings } from "#app/models/leases/listings.server";
import { leaseOwners } from "#app/models/owners/lease-owners.server";
import { listOwnerChoices } from "#app/models/owners/owners.server";
import type { Route } from "./+types/edit";
import { readTab, tabListUrl } from "./clients-tabs";

// "Editar Cliente" (the page the dialog falls back to without JavaScript).
export function meta() {
  return [{ title: "Editar Cliente | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

async function loadClient(param: string) {
  const id = parseId(param);
  const client = id ? await getClient(getDb(), id) : null;
  invariantResponse(client, "Cliente não encontrado");
  return client;
}

// Back to the list the dialog was opened from (Clientes or Ativos, ?aba=), as
// it was: its search, filters and page come in the query string, validated.
const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const c = await loadClient(params.id);
  const defaults = clientFormDefaults(c);
  return {
    id: c.id,
    name: c.name,
    hasLogin: c.user_id !== null,
    owners: await listOwnerChoices(getDb()),
    listings: await leasableListings(getDb(), c.id),
    coOwners: (await leaseOwners(getDb(), c.id)).map((o) => ({ name: o.name, shareBp: o.shareBp })),
    ownersHref: `/admin/clients/${c.id}/proprietarios${url.search}`,
    defaults,
    constraint: getZodConstraint(editClientSchema),
    list: listOf(url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const client = await loadClient(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: editClientSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await updateClient(getDb(), client.id, submission.value, actor);
  invariantResponse(saved, "Cliente não encontrado");
  if (!saved.ok)
    return data({ result: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) }, { status: 400 });
  return redirectWithToast(listOf(url), {
    type: "success",
    title: "Cliente atualizado com sucesso!",
    description: submission.value.name,
  });
}

export default function EditClient({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Editar Cliente" closeTo={loaderData.list} wide>
      <ClientForm
        mode="edit"
        constraint={loaderData.constraint}
        defaults={loaderData.defaults}
        result={actionData?.result}
        hasLogin={loaderData.hasLogin}
        owners={loaderData.owners}
        listings={loaderData.listings}
        coOwners={loaderData.coOwners}
        ownersHref={loaderData.ownersHref}
      />
    </RouteDialog>
  );
}
