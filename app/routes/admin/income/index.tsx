import { Download, MailCheck } from "#app/components/ui/private-icons";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { Button, buttonClass } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { prepareIncomeReportEmails, queueIncomeReports } from "#app/models/owners/income-report-email.server";
import { incomeYear, type EmailStatus } from "#app/models/owners/income-reports.server";
import { formatBRL } from "#app/models/shared/money";
import { formatDateTime } from "#app/utils/format-date";
import { readFormData, requireRole } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { log } from "#app/utils/log.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { incomeEmailSchema, reportYear } from "./year";
import type { Route } from "./+types/index";

// "Informes de Rendimentos" (docs/decisions/0043-income-reports.md): for a
// calendar year, each owner's informe (rents received for them, fees, net)
// and each tenant's (rents paid), as PDFs, and "Enviar todos por email".
export function meta() {
  return [{ title: "Informes de Rendimentos | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const today = localToday();
  const year = reportYear(new URL(request.url).searchParams.get("ano"), today);
  return { year, thisYear: Number(today.slice(0, 4)), ...(await incomeYear(getDb(), year)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  // Only the button's own post sends anything: a stray post (another intent,
  // a field twice, a year out of range) writes nothing.
  const submission = parseWithZod(await readFormData(request), { schema: incomeEmailSchema });
  const asked = submission.status === "success" ? submission.value.ano : null;
  const year = reportYear(asked, localToday());
  const back = `/admin/informes?ano=${year}`;
  if (String(year) !== asked)
    return redirectWithToast(back, {
      type: "error",
      title: "Erro",
      description: "Escolha o ano e use o botão de envio.",
    });
  const queued = await queueIncomeReports(getDb(), year, actor);
  // Drawn and sent now in the background (the outbox retries what fails;
  // the hourly job draws what this did not).
  if (queued.queued > 0)
    void prepareIncomeReportEmails(getDb())
      .then(() => kickOutbox(getDb()))
      .catch((error) => log.error("income_report.prepare_failed", { error }));
  const without = queued.withoutEmail
    ? ` ${queued.withoutEmail === 1 ? "1 proprietário sem email ficou de fora" : `${queued.withoutEmail} proprietários sem email ficaram de fora`}.`
    : "";
  return redirectWithToast(back, {
    type: "success",
    title: queued.queued === 0 ? "Nada novo a enviar" : "Informes em envio",
    description:
      queued.queued === 0
        ? `Todos os informes de ${year} já foram pedidos.${without}`
        : `${queued.queued} ${queued.queued === 1 ? "informe" : "informes"} de ${year} a caminho por email.${without}`,
  });
}

const sectionClass = "mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200";
const thClass = "px-4 py-2 font-medium";

function EmailCell({ email, status }: { email: string | null; status: EmailStatus | null }) {
  if (!email) return <span className="text-amber-800">Sem email</span>;
  if (!status) return <span className="text-slate-600">Não enviado</span>;
  if (status.sent_at) return <span>Enviado em {formatDateTime(status.sent_at)}</span>;
  if (status.last_error)
    return (
      <span className="text-red-700">
        Falhou ({status.attempts}): {status.last_error}
      </span>
    );
  return <span className="text-slate-600">Na fila</span>;
}

export default function IncomeReports({ loaderData }: Route.ComponentProps) {
  const { year, thisYear, owners, tenants } = loaderData;
  const busy = useIsPending();
  const pdf = (kind: string, id: number) => `/admin/informes/${kind}/${id}?ano=${year}`;
  return (
    <div>
      <AdminTitle title="Informes de Rendimentos">
        <Link to="/admin/repasses" className={buttonClass("secondary")}>
          Repasses
        </Link>
      </AdminTitle>
      <div className="flex flex-wrap items-end gap-4">
        <Form method="get" className="flex items-end gap-2">
          <div>
            <label htmlFor="ano" className="mb-1 block text-sm font-medium text-slate-800">
              Ano-calendário
            </label>
            <input
              id="ano"
              name="ano"
              type="number"
              inputMode="numeric"
              min={2000}
              max={thisYear}
              defaultValue={year}
              className="w-28 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            />
          </div>
          <Button variant="secondary">Ver</Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="email" />
          <input type="hidden" name="ano" value={year} />
          <Button disabled={busy || owners.length + tenants.length === 0}>
            <MailCheck aria-hidden className="size-4" />{" "}
            {busy ? "Enviando..." : `Enviar todos os informes de ${year} por email`}
          </Button>
        </Form>
      </div>

      <ReportSection
        id="proprietarios"
        title="Proprietários"
        empty={`Nenhum aluguel recebido para proprietários em ${year}.`}
        testId="owner-reports"
        person="Proprietário"
        amounts={[
          { label: "Recebido no ano", cents: (o) => o.grossCents },
          { label: "Líquido", cents: (o) => o.netCents, strong: true },
        ]}
        rows={owners}
        pdf={(o) => pdf("proprietario", o.id)}
        download="Baixar informe"
      />
      <ReportSection
        id="inquilinos"
        title="Inquilinos"
        empty={`Nenhum aluguel pago em ${year}.`}
        testId="tenant-reports"
        person="Inquilino"
        amounts={[{ label: "Pago no ano", cents: (t) => t.paidCents, strong: true }]}
        rows={tenants}
        pdf={(t) => pdf("inquilino", t.id)}
        download="Baixar comprovante"
      />
    </div>
  );
}

type ReportRow = { id: number; name: string; email: string | null; email_status: EmailStatus | null };

// The owners' and the tenants' tables: a person, their amounts for the year,
// the email's status and the PDF.
function ReportSection<R extends ReportRow>(props: {
  id: string;
  title: string;
  empty: string;
  testId: string;
  person: string;
  amounts: { label: string; cents: (row: R) => number; strong?: boolean }[];
  rows: R[];
  pdf: (row: R) => string;
  download: string;
}) {
  const { id, title, empty, testId, person, amounts, rows, pdf, download } = props;
  return (
    <section className={sectionClass} aria-labelledby={id}>
      <h2 id={id} className="p-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="px-4 pb-6 text-sm text-slate-600">{empty}</p>
      ) : (
        <table className={stackedTableClass} data-testid={testId}>
          <thead className={stackedHeadClass}>
            <tr>
              <th className={thClass}>{person}</th>
              {amounts.map((a) => (
                <th key={a.label} className={`${thClass} text-right`}>
                  {a.label}
                </th>
              ))}
              <th className={thClass}>Email</th>
              <th className={thClass}>
                <span className="sr-only">PDF</span>
              </th>
            </tr>
          </thead>
          <tbody className={stackedBodyClass}>
            {rows.map((row) => (
              <tr key={row.id} className={stackedRowClass}>
                <StackedCell label={person} wide>
                  <span className="font-medium">{row.name}</span>
                </StackedCell>
                {amounts.map((a) => (
                  <StackedCell
                    key={a.label}
                    label={a.label}
                    className={a.strong ? "font-semibold md:text-right" : "md:text-right"}
                  >
                    {formatBRL(a.cents(row))}
                  </StackedCell>
                ))}
                <StackedCell label="Email">
                  <EmailCell email={row.email} status={row.email_status} />
                </StackedCell>
                <StackedCell label="PDF">
                  <a href={pdf(row)} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                    <Download aria-hidden className="size-4" /> {download}
                  </a>
                </StackedCell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
