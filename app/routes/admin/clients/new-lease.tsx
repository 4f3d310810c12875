import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { ClientForm } from "#app/components/admin/client-form";
import { getDb } from "#app/db/db.server";
import { editClientSchema } from "#app/models/clients/client.schema";
import { getClient } from "#app/models/clients/clients.server";
import { nextLeaseFormDefaults } from "#app/models/clients/form-defaults";
import { leasableListings } from "#app/models/leases/listings.server";
import { otherLeaseIds, startNextLease } from "#app/models/leases/tenant-leases.server";
import { listOwnerChoices } from "#app/models/owners/owners.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/new-lease";
import { readTab, tabListUrl } from "./clients-tabs";

// "Novo contrato" of a tenant whose lease has ended (decision 0073): the
// client form with the person and the rates of the ended lease, the property,
// dates and rent to be typed. The login moves to the new lease.
export function meta() {
  return [{ title: "Novo contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

const REFUSED = {
  running: {
    title: "Contrato em andamento",
    description: "Encerre o contrato atual antes de cadastrar o próximo deste inquilino.",
  },
  succeeded: {
    title: "Contrato mais novo",
    description: "Este inquilino já tem um contrato mais novo: cadastre o próximo a partir dele.",
  },
  erased: {
    title: "Dados pessoais apagados",
    description: "Os dados deste inquilino foram apagados a pedido dele: cadastre-o como um novo cliente.",
  },
} as const;

// The ended lease, or the list with the reason it cannot have a next one.
async function loadEnded(param: string, url: URL) {
  const id = parseId(param);
  const client = id ? await getClient(getDb(), id) : null;
  invariantResponse(client, "Cliente não encontrado");
  if (client.personal_data_erased_at !== null)
    throw await redirectWithToast(listOf(url), { type: "error", ...REFUSED.erased });
  if (client.ended_on === null) throw await redirectWithToast(listOf(url), { type: "error", ...REFUSED.running });
  if ((await otherLeaseIds(getDb(), client.id)).some((other) => other > client.id))
    throw await redirectWithToast(listOf(url), { type: "error", ...REFUSED.succeeded });
  return client;
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const c = await loadEnded(params.id, url);
  return {
    name: c.name,
    owners: await listOwnerChoices(getDb()),
    listings: await leasableListings(getDb()),
    defaults: nextLeaseFormDefaults(c),
    constraint: getZodConstraint(editClientSchema),
    list: listOf(url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const previous = await loadEnded(params.id, url);
  const submission = parseWithZod(await readFormData(request), { schema: editClientSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { username: _ignored, ...values } = submission.value;
  const started = await startNextLease(getDb(), previous.id, values, actor);
  invariantResponse(started, "Cliente não encontrado");
  if (!started.ok && "reason" in started) {
    return redirectWithToast(listOf(url), { type: "error", ...REFUSED[started.reason] });
  }
  if (!started.ok)
    return data({ result: submission.reply({ fieldErrors: { [started.field]: [started.message] } }) }, { status: 400 });
  return redirectWithToast(listOf(url), {
    type: "success",
    title: "Contrato cadastrado com sucesso!",
    description: values.name,
  });
}

export default function NewLease({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={`Novo contrato de ${loaderData.name}`} closeTo={loaderData.list} wide>
      <p className="mb-4 text-sm text-slate-600">
        O contrato encerrado continua com seus recibos e documentos; o login do inquilino passa para este.
      </p>
      <ClientForm
        mode="lease"
        constraint={loaderData.constraint}
        defaults={loaderData.defaults}
        result={actionData?.result}
        hasLogin={false}
        owners={loaderData.owners}
        listings={loaderData.listings}
      />
    </RouteDialog>
  );
}
