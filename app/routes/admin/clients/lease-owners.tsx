import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { LeaseOwnersForm } from "#app/components/admin/lease-owners-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { formatPercent } from "#app/models/billing/charges";
import { getClient } from "#app/models/clients/clients.server";
import {
  LEASE_OWNERS_MESSAGES,
  leaseOwnersFields,
  leaseOwnersSchema,
  MAX_LEASE_OWNERS,
} from "#app/models/owners/lease-owners.schema";
import { leaseOwners, saveLeaseOwners } from "#app/models/owners/lease-owners.server";
import { listOwnerChoices } from "#app/models/owners/owners.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/lease-owners";
import { readTab, tabListUrl } from "./clients-tabs";

// "Proprietários do contrato" (issue 36, docs/decisions/0067-co-owners.md):
// a dialog over the client lists, a page without JavaScript.
export function meta() {
  return [{ title: "Proprietários do contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const client = id === null ? null : await getClient(getDb(), id);
  invariantResponse(client, LEASE_OWNERS_MESSAGES.notFound);
  const current = await leaseOwners(getDb(), client.id);
  const defaults: Record<string, string> = {};
  current.forEach((o, i) => {
    defaults[`owner_${i + 1}`] = String(o.ownerId);
    defaults[`share_${i + 1}`] = formatPercent(o.shareBp);
  });
  return {
    name: client.name,
    defaults,
    // The owners, and two empty rows to add more (up to the form's rows).
    rows: Math.min(MAX_LEASE_OWNERS, Math.max(current.length + 2, 2)),
    owners: await listOwnerChoices(getDb()),
    constraint: getZodConstraint(leaseOwnersFields),
    list: listOf(url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, LEASE_OWNERS_MESSAGES.notFound);
  const submission = parseWithZod(await readFormData(request), { schema: leaseOwnersSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  let saved: Awaited<ReturnType<typeof saveLeaseOwners>>;
  try {
    saved = await saveLeaseOwners(getDb(), id, submission.value, actor);
  } catch (error) {
    return failedWriteAlert("lease_owners.save_failed", error, {
      result: submission.reply(),
      alert: LEASE_OWNERS_MESSAGES.saveFailed,
    });
  }
  if (!saved.ok && saved.reason === "owner")
    return data(
      { result: submission.reply({ fieldErrors: { owner_1: [LEASE_OWNERS_MESSAGES.owner] } }), alert: null },
      { status: 400 },
    );
  invariantResponse(saved.ok, LEASE_OWNERS_MESSAGES.notFound);
  return redirectWithToast(listOf(url), { type: "success", title: LEASE_OWNERS_MESSAGES.saved });
}

export default function LeaseOwners({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={`Proprietários do contrato: ${loaderData.name}`} closeTo={loaderData.list}>
      <LeaseOwnersForm
        constraint={loaderData.constraint}
        defaults={loaderData.defaults}
        rows={loaderData.rows}
        owners={loaderData.owners}
        result={actionData?.result}
        alert={actionData?.alert}
      />
    </RouteDialog>
  );
}
