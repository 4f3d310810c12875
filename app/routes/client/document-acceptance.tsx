import { data, Form, Link } from "react-router";
import { ClientAreaHeader } from "#app/components/client/client-area-header";
import { ErrorPage } from "#app/components/site/error-page";
import { Button } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { formatDay } from "#app/models/clients/status";
import { acceptanceFacts, leaseDocument, recordAcceptance } from "#app/models/documents/acceptance.server";
import { formatDocumentCode } from "#app/models/documents/codes";
import { DOCUMENT_KIND_LABELS } from "#app/models/documents/verification.server";
import { clientContext } from "#app/utils/client-context";
import { failedWriteAlert } from "#app/utils/failure.server";
import { formatDateTime } from "#app/utils/format-date";
import { invariantResponse, parseId } from "#app/utils/http.server";
import { CLIENT_IP_HEADER } from "#app/utils/request-headers";
import { pageTitle } from "#app/utils/seo";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/document-acceptance";

// "Ler e aceitar" (issue 38, docs/decisions/0080-document-acceptance.md): the
// tenant opens one of their lease's documents (an inspection report, a Termo
// Aditivo, the Termo de Encerramento, an Aviso de Reajuste), reads it, and
// chooses "Aceito"; an inspection's items are contested on the Vistoria tab
// instead. Another lease's document is the same 404 as a missing one.

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Aceite de documento") }, { name: "robots", content: "noindex" }];
}

const READ_MESSAGE = "Marque que leu o documento para aceitá-lo.";

async function ownDocument(clientId: number, rawId: string | undefined) {
  const id = parseId(rawId);
  const doc = id === null ? null : await leaseDocument(getDb(), clientId, id);
  invariantResponse(doc, "Documento não encontrado");
  return doc;
}

const backTo = (kind: string) =>
  kind === "inspection_report" ? "/client-area?tab=vistoria" : "/client-area?tab=contrato";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { client } = context.get(clientContext);
  const doc = await ownDocument(client.id, params.id);
  return {
    clientName: client.name,
    doc: {
      title: doc.title,
      kindLabel: DOCUMENT_KIND_LABELS[doc.kind],
      code: formatDocumentCode(doc.code),
      issuedOn: doc.issued_on,
      inspection: doc.kind === "inspection_report",
      replaced: doc.cancelled_at !== null || doc.replaced_by_id !== null,
      accepted: doc.accepted_kind ? { kind: doc.accepted_kind, at: doc.accepted_at! } : null,
    },
    ...(await acceptanceFacts(getDb(), doc)),
    back: backTo(doc.kind),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { client, user } = context.get(clientContext);
  const doc = await ownDocument(client.id, params.id);
  const form = await request.formData();
  if (form.get("li") !== "sim") return data({ error: READ_MESSAGE }, { status: 400 });
  const person = await getDb()
    .selectFrom("clients")
    .select("cpf_cnpj")
    .where("id", "=", client.id)
    .executeTakeFirstOrThrow();
  let outcome;
  try {
    outcome = await recordAcceptance(
      getDb(),
      doc,
      {
        userId: user.id,
        name: client.name,
        cpfCnpj: person.cpf_cnpj,
        username: user.username,
        ip: request.headers.get(CLIENT_IP_HEADER),
        userAgent: request.headers.get("user-agent")?.slice(0, 1000) ?? null,
      },
      new Date(),
    );
  } catch (error) {
    return failedWriteAlert("document.acceptance_failed", error, {
      error: "Não foi possível registrar o aceite. Tente novamente.",
    });
  }
  if (outcome === "replaced")
    return redirectWithToast(backTo(doc.kind), {
      type: "error",
      title: "Documento substituído",
      description: "Este documento foi substituído ou cancelado: não pode mais ser aceito.",
    });
  return redirectWithToast(backTo(doc.kind), {
    type: "success",
    title: outcome === "ok" ? "Aceite registrado" : "Documento já aceito",
    description: "O documento, com o registro do aceite na última página, está disponível para baixar.",
  });
}

export default function DocumentAcceptance({ loaderData, actionData }: Route.ComponentProps) {
  const { doc, back } = loaderData;
  const busy = useIsPending();
  return (
    <main id="conteudo" className="min-h-screen bg-slate-50">
      <ClientAreaHeader clientName={loaderData.clientName} />
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
        <Link to={back} className="text-sm font-medium text-brand-700 hover:underline">
          ← Voltar
        </Link>
        <section aria-labelledby="aceite" className="space-y-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <div>
            <p className="text-sm font-medium text-slate-600">{doc.kindLabel}</p>
            <h2 id="aceite" className="text-lg font-semibold text-slate-900">
              {doc.title}
            </h2>
            <p className="text-sm text-slate-700">
              Emitido em {formatDay(doc.issuedOn)} · código{" "}
              <span className="font-mono whitespace-nowrap">{doc.code}</span>
            </p>
          </div>
          <a
            href={loaderData.fileHref}
            className="inline-flex min-h-11 items-center rounded-lg bg-slate-100 px-4 font-semibold text-brand-800 ring-1 ring-slate-200 hover:bg-slate-200"
          >
            Ler o documento (PDF)
          </a>
          <p className="break-all text-xs text-slate-600">SHA-256 do arquivo: {loaderData.sha256}</p>
          {doc.accepted ? (
            <p
              role="status"
              className="rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900 ring-1 ring-emerald-200"
            >
              {doc.accepted.kind === "tacit"
                ? `Aceito tacitamente em ${formatDateTime(doc.accepted.at)}: o prazo de contestação terminou sem contestação.`
                : `Você aceitou este documento em ${formatDateTime(doc.accepted.at)}.`}
            </p>
          ) : doc.replaced ? (
            <p className="rounded-lg bg-amber-50 px-4 py-3 font-medium text-amber-900 ring-1 ring-amber-200">
              Este documento foi substituído ou cancelado: não pode mais ser aceito.
            </p>
          ) : (
            <Form method="post" className="space-y-4 border-t border-slate-200 pt-4">
              <p className="text-sm text-slate-700">
                Ao aceitar, registramos o seu nome, a data e a hora, o endereço IP e o navegador, e acrescentamos ao PDF
                uma última página, o “Registro de aceite”. O aceite vale como a sua assinatura neste documento.
                {doc.inspection
                  ? " Se discorda de algum item, não aceite: conteste o item na aba Vistoria, dentro do prazo."
                  : ""}
              </p>
              <label className="flex items-start gap-3 text-sm text-slate-900">
                <input
                  type="checkbox"
                  name="li"
                  value="sim"
                  required
                  aria-invalid={actionData?.error ? true : undefined}
                  aria-describedby={actionData?.error ? "li-erro" : undefined}
                  className="mt-0.5 size-5 shrink-0"
                />
                <span>Li o documento inteiro e concordo com o seu conteúdo.</span>
              </label>
              {actionData?.error ? (
                <p id="li-erro" role="alert" className="text-sm font-medium text-red-700">
                  {actionData.error}
                </p>
              ) : null}
              <Button disabled={busy}>{busy ? "Registrando..." : "Aceito"}</Button>
            </Form>
          )}
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Documento não encontrado"
      notFoundText="Este documento não existe ou não é do seu contrato."
    />
  );
}
