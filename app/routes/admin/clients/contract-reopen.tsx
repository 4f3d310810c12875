import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { ErrorPage } from "#app/components/site/error-page";
import { Button, buttonClass } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { CONTRACT_END_MESSAGES as M, reopenContractSchema } from "#app/models/clients/contract-end.schema";
import { getContractEnd, reopenContract } from "#app/models/clients/contract-end.server";
import { formatDay } from "#app/models/clients/status";
import { reportFailure } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/contract-reopen";
import { readTab, tabListUrl } from "./clients-tabs";

// "Reabrir contrato" (docs/decisions/0062-nothing-fiscal-deleted.md): undoes
// "Encerrar contrato" after a confirmation, with its audit row. Every outcome
// is a redirect to the list with a toast (a row action's way).
export function meta() {
  return [{ title: "Reabrir contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

const REOPEN_REFUSALS = { settled: M.settled, "not-ended": M.notEnded, succeeded: M.succeeded } as const;

async function loadClient(param: string) {
  const id = parseId(param);
  const client = id === null ? null : await getContractEnd(getDb(), id);
  invariantResponse(client, "Cliente não encontrado");
  return client;
}

export async function loader({ params, url }: Route.LoaderArgs) {
  return { client: await loadClient(params.id), list: listOf(url) };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const client = await loadClient(params.id);
  const list = listOf(url);
  const error = (description: string) => redirectWithToast(list, { type: "error", title: "Erro", description });
  if (parseWithZod(await readFormData(request), { schema: reopenContractSchema }).status !== "success")
    return error("Ação desconhecida.");
  let reopened: Awaited<ReturnType<typeof reopenContract>>;
  try {
    reopened = await reopenContract(getDb(), client.id, actor);
  } catch (e) {
    reportFailure("clients.contract_reopen_failed", e);
    return error(M.reopenFailed);
  }
  invariantResponse(reopened, "Cliente não encontrado");
  if (!reopened.ok) return error(REOPEN_REFUSALS[reopened.reason]);
  return redirectWithToast(list, { type: "success", title: "Contrato reaberto", description: reopened.name });
}

export default function ReopenContract({ loaderData }: Route.ComponentProps) {
  const { client, list } = loaderData;
  const busy = useIsPending();
  return (
    <RouteDialog title="Reabrir contrato" closeTo={list}>
      {client.ended_on ? (
        <Form method="post" className="space-y-4">
          <p className="break-words">
            Reabrir o contrato de <strong>{client.name}</strong>, encerrado em {formatDay(client.ended_on)}
            {client.ended_reason ? ` (${client.ended_reason})` : ""}? Voltam as cobranças dos meses seguintes e os
            reajustes, como as datas do contrato dizem. Meses que ficaram sem cobrança: “Gerar Cobranças do Contrato”.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button name="intent" value="reopen" disabled={busy}>
              {busy ? "Reabrindo..." : "Reabrir contrato"}
            </Button>
            <Link to={list} preventScrollReset className={buttonClass("secondary")}>
              Cancelar
            </Link>
          </div>
        </Form>
      ) : (
        <p className="break-words">
          O contrato de <strong>{client.name}</strong> não está encerrado.
        </p>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Cliente não encontrado"
      notFoundText="Este cliente não existe ou foi excluído."
    />
  );
}
