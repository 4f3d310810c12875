import { parseWithZod, getZodConstraint } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { ClientForm } from "#app/components/admin/client-form";
import { OneTimePassword } from "#app/components/admin/one-time-password";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { leasableListings } from "#app/models/leases/listings.server";
import { listOwnerChoices } from "#app/models/owners/owners.server";
import {
  DEFAULT_DUE_DAY,
  DEFAULT_ADMIN_FEE_PERCENT,
  DEFAULT_FIRST_RENT_FEE_PERCENT,
  DEFAULT_LATE_FEE_PERCENT,
  DEFAULT_MONTHLY_INTEREST_PERCENT,
  newClientSchema,
} from "#app/models/clients/client.schema";
import { createClient } from "#app/models/clients/clients.server";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/new";

// "Novo Cliente" (the page the dialog falls back to without JavaScript): the
// client record and its login. A generated password is shown once, in this
// answer only.
export function meta() {
  return [{ title: "Novo Cliente | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return {
    constraint: getZodConstraint(newClientSchema),
    owners: await listOwnerChoices(getDb()),
    listings: await leasableListings(getDb()),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: newClientSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), created: null }, { status: 400 });
  }
  const created = await createClient(getDb(), submission.value, actor);
  if (!created.ok) {
    return data(
      {
        result: submission.reply({ fieldErrors: { [created.field]: [created.message] }, hideFields: ["password"] }),
        created: null,
      },
      { status: 400 },
    );
  }
  if (created.password === null) {
    return redirectWithToast("/admin/clients", {
      type: "success",
      title: "Cliente cadastrado com sucesso!",
      description: submission.value.name,
    });
  }
  return data({
    result: undefined,
    created: {
      id: created.id,
      name: submission.value.name,
      username: submission.value.username,
      password: created.password,
    },
  });
}

export default function NewClient({ loaderData, actionData }: Route.ComponentProps) {
  const created = actionData?.created;
  return (
    <RouteDialog title="Novo Cliente" closeTo="/admin/clients" wide>
      {created ? (
        <div className="space-y-4">
          <p className="font-semibold text-emerald-800">Cliente cadastrado com sucesso!</p>
          <OneTimePassword name={created.name} username={created.username} password={created.password} />
          <div className="flex flex-wrap gap-3">
            <Link to="/admin/clients" className={buttonClass()}>
              Voltar para Clientes
            </Link>
            <Link to="/admin/clients/new" reloadDocument className={buttonClass("secondary")}>
              Cadastrar outro cliente
            </Link>
          </div>
        </div>
      ) : (
        <ClientForm
          mode="new"
          constraint={loaderData.constraint}
          defaults={{
            payment_due_day: String(DEFAULT_DUE_DAY),
            late_fee_percent: DEFAULT_LATE_FEE_PERCENT,
            admin_fee_percent: DEFAULT_ADMIN_FEE_PERCENT,
            first_rent_fee_percent: DEFAULT_FIRST_RENT_FEE_PERCENT,
            monthly_interest_percent: DEFAULT_MONTHLY_INTEREST_PERCENT,
          }}
          result={actionData?.result}
          hasLogin={false}
          owners={loaderData.owners}
          listings={loaderData.listings}
        />
      )}
    </RouteDialog>
  );
}
