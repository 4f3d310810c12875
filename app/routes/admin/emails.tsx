import { parseWithZod } from "@conform-to/zod/v4";
import { Form, data } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import {
  FilterActions,
  FilterSelect,
  ListCountExport,
  filterControlClass,
  filterLabelClass,
} from "#app/components/admin/list-filter";
import { Button } from "#app/components/ui/button";
import { Pagination } from "#app/components/site/pagination";
import { getDb } from "#app/db/db.server";
import { emailActionSchema } from "#app/models/email/email-actions.schema";
import { emailsQueryString, parseEmailsQuery } from "#app/models/email/emails-query";
import {
  EMAIL_KINDS,
  EMAIL_KIND_VALUES,
  EMAIL_STATUSES,
  emailKindLabel,
  emailStateText,
} from "#app/models/email/kinds";
import { kickOutbox } from "#app/models/email/outbox.server";
import { listEmails, resendEmail } from "#app/models/email/outbox-views.server";
import { formatDateTime } from "#app/utils/format-date";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/emails";

// Emails (docs/decisions/0051-email-outbox.md): every email the app sent,
// has queued or gave up on, newest first, for every staff member (master and
// admin). A GET form filters by kind, recipient and status; ?pagina=N pages
// through; "Reenviar" (a POST) queues a given-up one again.
export function meta() {
  return [{ title: "Emails | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const query = parseEmailsQuery(url.searchParams);
  const result = await listEmails(getDb(), query);
  return { ...result, query: { kind: query.kind, to: query.to, status: query.status } };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: emailActionSchema });
  // Back to the list as it was (its filters and page).
  const back = `/admin/emails${url.search}`;
  if (submission.status !== "success") throw data("Pedido inválido", { status: 400 });
  const { id } = submission.value;
  const requeued = await resendEmail(getDb(), id, actor);
  if (requeued) kickOutbox(getDb());
  return redirectWithToast(
    back,
    requeued
      ? { type: "success", title: "Email na fila", description: "O email será reenviado em instantes." }
      : { type: "info", title: "Nada a reenviar", description: "Este email já foi enviado ou já está na fila." },
  );
}

const STATUS_CLASS = { queued: "text-slate-700", sent: "text-emerald-800", failed: "text-red-700" } as const;

export default function Emails({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, query } = loaderData;
  const filtered = !!(query.kind || query.to || query.status);
  const here = `/admin/emails${emailsQueryString(query, page)}`;
  return (
    <>
      <AdminTitle title="Emails" />
      <Form
        method="get"
        action="/admin/emails"
        role="search"
        aria-label="Filtrar emails"
        key={emailsQueryString(query)}
        className="mb-5 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_12rem_auto]"
      >
        <FilterSelect
          id="emails-kind"
          name="tipo"
          label="Tipo"
          value={query.kind}
          allLabel="Todos"
          options={EMAIL_KIND_VALUES.map((k) => ({ value: k, label: EMAIL_KINDS[k] }))}
        />
        <div>
          <label htmlFor="emails-to" className={filterLabelClass}>
            Destinatário
          </label>
          <input
            id="emails-to"
            name="para"
            type="search"
            maxLength={100}
            defaultValue={query.to}
            className={filterControlClass}
          />
        </div>
        <FilterSelect
          id="emails-status"
          name="situacao"
          label="Situação"
          value={query.status}
          allLabel="Todas"
          options={(["sent", "queued", "failed"] as const).map((s) => ({ value: s, label: EMAIL_STATUSES[s] }))}
        />
        <FilterActions clearTo="/admin/emails" filtered={filtered} />
      </Form>

      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <p className="text-lg font-semibold text-slate-800">Nenhum email encontrado</p>
        </div>
      ) : (
        <>
          <ListCountExport
            total={total}
            one="email"
            many="emails"
            page={page}
            pages={pages}
            exportHref={`/admin/emails/exportar${emailsQueryString(query)}`}
          />
          <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Emails enviados, na fila e não enviados</caption>
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 whitespace-nowrap">
                    Criado em
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Tipo
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Destinatário
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Assunto
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Situação
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid="email-row" className="border-t border-slate-100 align-top">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(row.created_at)}</td>
                    <td className="px-4 py-3">{emailKindLabel(row.kind)}</td>
                    <td className="px-4 py-3 break-all">{row.to_address}</td>
                    <td className="min-w-56 px-4 py-3 text-slate-800">{row.subject}</td>
                    <td className={`min-w-48 px-4 py-3 ${STATUS_CLASS[row.status] ?? ""}`}>
                      {emailStateText(row)}
                      {row.status !== "sent" && row.last_error ? (
                        <span className="block text-xs break-words text-slate-600">{row.last_error}</span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3">
                      {row.status === "failed" ? (
                        <Form method="post" action={here}>
                          <input type="hidden" name="id" value={row.id} />
                          <Button size="sm" variant="secondary" name="intent" value="resend">
                            Reenviar
                          </Button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageCount={pages} hrefFor={(p) => `/admin/emails${emailsQueryString(query, p)}`} />
        </>
      )}
    </>
  );
}
