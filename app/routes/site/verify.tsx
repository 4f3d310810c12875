import { data, Form, redirect } from "react-router";
import { PageHeader } from "#app/components/site/page-header";
import { Button } from "#app/components/ui/button";
import { inputClass } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { formatDay } from "#app/models/clients/status";
import { formatDocumentCode, normalizeDocumentCode } from "#app/models/documents/codes";
import { lookupDocument, matchVersion } from "#app/models/documents/verification.server";
import { hashUpload, MAX_CHECK_BYTES, verifyThrottled } from "#app/models/documents/verify-request.server";
import { formatDateTime } from "#app/utils/format-date";
import { formatBRL } from "#app/models/shared/money";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/verify";

// /verificar and /verificar/{código} (issue 38, docs/decisions/0079-verifiable-documents.md):
// whoever holds a document the agency issued reads what it is and whether it
// still stands, and may upload the PDF to learn whether it is, byte for byte,
// the one issued. Without the code nothing is shown; asks are rate-limited.

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Verificar documento") }, { name: "robots", content: "noindex" }];
}

const TOO_MANY = "Muitas consultas deste endereço. Aguarde 15 minutos e tente novamente.";

type Check =
  | { outcome: "match"; hash: string; version: "issued" | "accepted" }
  | { outcome: "different"; hash: string }
  | { outcome: "error"; message: string };

export async function loader({ params, request, url }: Route.LoaderArgs) {
  const typed = params.code ?? url.searchParams.get("codigo");
  if (typed === null || typed.trim() === "") return { typed: "", error: null, doc: null };
  const code = normalizeDocumentCode(typed.slice(0, 40));
  if (!code) return data({ typed, error: "Código inválido: são 12 letras e números.", doc: null }, { status: 400 });
  if (params.code !== code) throw redirect(`/verificar/${code}`);
  if (await verifyThrottled(getDb(), request)) return data({ typed, error: TOO_MANY, doc: null }, { status: 429 });
  const doc = await lookupDocument(getDb(), code);
  if (!doc)
    return data(
      { typed: formatDocumentCode(code), error: "Nenhum documento foi emitido com este código.", doc: null },
      { status: 404 },
    );
  return { typed: formatDocumentCode(code), error: null, doc };
}

export async function action({ params, request }: Route.ActionArgs): Promise<Check> {
  const code = normalizeDocumentCode(params.code ?? "");
  if (await verifyThrottled(getDb(), request)) return { outcome: "error", message: TOO_MANY };
  const doc = code ? await lookupDocument(getDb(), code) : null;
  if (!doc) return { outcome: "error", message: "Nenhum documento foi emitido com este código." };
  const upload = await hashUpload(request);
  if (!upload.ok)
    return {
      outcome: "error",
      message:
        upload.reason === "too-large"
          ? `O arquivo passa de ${MAX_CHECK_BYTES / 1024 / 1024} MB: não é um documento emitido por nós.`
          : "Escolha o arquivo PDF do documento.",
    };
  const version = matchVersion(doc, upload.sha256);
  return version
    ? { outcome: "match", hash: upload.sha256, version: version.version }
    : { outcome: "different", hash: upload.sha256 };
}

export default function VerifyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { doc, error, typed } = loaderData;
  return (
    <>
      <PageHeader
        title="Verificar documento"
        subtitle="Confira se um recibo, extrato, relatório de vistoria ou termo foi emitido por nós e se é o arquivo original."
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <Form method="get" action="/verificar" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="codigo" className="mb-1 block text-sm font-medium text-slate-800">
              Código de verificação
            </label>
            <input
              id="codigo"
              name="codigo"
              defaultValue={typed}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX"
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "codigo-erro" : "codigo-dica"}
              className={`${inputClass} font-mono tracking-wider`}
            />
            {error ? (
              <p id="codigo-erro" role="alert" className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : (
              <p id="codigo-dica" className="mt-1 text-xs text-slate-600">
                Está no rodapé de cada página do documento; o QR code no alto dele abre esta página já com o código.
              </p>
            )}
          </div>
          <Button>Verificar</Button>
        </Form>
        {doc ? <DocumentCard doc={doc} check={actionData ?? null} /> : null}
      </div>
    </>
  );
}

type Doc = NonNullable<Route.ComponentProps["loaderData"]["doc"]>;

function DocumentCard({ doc, check }: { doc: Doc; check: Check | null }) {
  const accepted = doc.versions.find((v) => v.version === "accepted");
  const status = doc.cancelled_at
    ? { tone: "bg-red-50 text-red-800 ring-red-200", text: "Documento cancelado" }
    : doc.replaced_by_code
      ? { tone: "bg-amber-50 text-amber-900 ring-amber-200", text: "Documento substituído por outro" }
      : { tone: "bg-emerald-50 text-emerald-900 ring-emerald-200", text: "Documento emitido por nós e em vigor" };
  return (
    <section aria-labelledby="doc-title" className="space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p className={`rounded-lg px-4 py-3 font-semibold ring-1 ${status.tone}`} role="status">
        {status.text}
      </p>
      <div>
        <h2 id="doc-title" className="text-xl font-bold text-slate-900">
          {doc.title}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Fact label="Tipo">{doc.kindLabel}</Fact>
          <Fact label="Emitido em">{formatDay(doc.issued_on)}</Fact>
          <Fact label="Partes">{doc.parties}</Fact>
          {doc.amount_cents !== null ? <Fact label="Valor">{formatBRL(doc.amount_cents)}</Fact> : null}
          <Fact label="Código">
            <span className="font-mono">{formatDocumentCode(doc.code)}</span>
          </Fact>
          {accepted ? (
            <Fact label="Aceite">Registro de aceite anexado em {formatDateTime(accepted.created_at)}</Fact>
          ) : null}
        </dl>
        {doc.cancelled_at ? (
          <p className="mt-4 text-slate-700">
            Cancelado em {formatDateTime(doc.cancelled_at)}
            {doc.cancel_reason ? `. Motivo: ${doc.cancel_reason}` : ""}. Este documento não vale mais como quitação.
          </p>
        ) : null}
        {doc.replaced_by_code ? (
          <p className="mt-4 text-slate-700">
            Substituído por{" "}
            <a className="font-medium text-brand-700 underline" href={`/verificar/${doc.replaced_by_code}`}>
              {doc.replaced_by_title}
            </a>
            , de {formatDay(doc.replaced_by_issued_on!)}.
          </p>
        ) : null}
      </div>
      <Form method="post" encType="multipart/form-data" className="space-y-3 border-t border-slate-200 pt-6">
        <h3 className="font-semibold text-slate-900">Conferir o arquivo</h3>
        <p className="text-sm text-slate-700">
          Envie o PDF que você recebeu: ele é comparado, byte a byte, com o documento emitido. O arquivo não é guardado.
        </p>
        <label htmlFor="arquivo" className="block text-sm font-medium text-slate-800">
          Arquivo PDF
        </label>
        <input
          id="arquivo"
          name="arquivo"
          type="file"
          accept="application/pdf,.pdf"
          required
          className="block w-full text-sm"
        />
        <Button variant="secondary">Conferir arquivo</Button>
        {check ? <CheckResult check={check} /> : null}
      </Form>
    </section>
  );
}

function CheckResult({ check }: { check: Check }) {
  if (check.outcome === "error")
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
        {check.message}
      </p>
    );
  const match = check.outcome === "match";
  return (
    <div
      role="status"
      className={`rounded-lg px-4 py-3 text-sm ring-1 ${match ? "bg-emerald-50 text-emerald-900 ring-emerald-200" : "bg-red-50 text-red-800 ring-red-200"}`}
    >
      <p className="font-semibold">
        {match
          ? check.version === "accepted"
            ? "O arquivo é idêntico ao documento emitido, com o registro de aceite."
            : "O arquivo é idêntico ao documento emitido."
          : "O arquivo não é o documento emitido: foi alterado ou é outro documento."}
      </p>
      <p className="mt-1 break-all font-mono text-xs">SHA-256 do arquivo: {check.hash}</p>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}
