import { MailCheck } from "#app/components/ui/private-icons";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { ReportSection } from "#app/components/admin/income-report-section";
import { ExportCsvLink, filterControlClass, filterLabelClass } from "#app/components/admin/list-filter";
import { Button, buttonClass } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { prepareIncomeReportEmails, queueIncomeReports } from "#app/models/owners/income-report-email.server";
import { parseIncomeQuery } from "#app/models/owners/income-query";
import { incomeYearPage } from "#app/models/owners/income-reports.server";
import { listHref } from "#app/models/shared/list-query";
import { readFormData, requireRole } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { log } from "#app/utils/log.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { incomeEmailSchema, reportYear } from "./year";
import type { Route } from "./+types/index";

// "Informes de Rendimentos" (docs/decisions/0043-income-reports.md): for a
// calendar year, each owner's informe (rents received for them, fees, net)
// and each tenant's (rents paid), as PDFs, and "Enviar todos por email".
// Both lists are paged (?pagina=, ?inquilinos=) and searched by name or
// CPF/CNPJ (?busca=, in the year's form) (issue 34).
export function meta() {
  return [{ title: "Informes de Rendimentos | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const today = localToday();
  const year = reportYear(url.searchParams.get("ano"), today);
  const query = parseIncomeQuery(url.searchParams);
  return { year, thisYear: Number(today.slice(0, 4)), query, ...(await incomeYearPage(getDb(), year, query)) };
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

export default function IncomeReports({ loaderData }: Route.ComponentProps) {
  const { year, thisYear, query, owners, tenants, anyReport } = loaderData;
  // This page on another page of one list, the year, the search and the other list's page kept.
  const href = (pages: { pagina?: number; inquilinos?: number }) => {
    const tenantPage = pages.inquilinos ?? tenants.page;
    return listHref("/admin/informes", {
      ano: year,
      busca: query.search,
      pagina: pages.pagina ?? owners.page,
      inquilinos: tenantPage > 1 ? tenantPage : null,
    });
  };
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
        <Form method="get" className="flex flex-wrap items-end gap-2" key={`${year}:${query.search}`}>
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
          <div>
            <label htmlFor="informes-busca" className={filterLabelClass}>
              Buscar
            </label>
            <input
              id="informes-busca"
              name="busca"
              type="search"
              maxLength={100}
              defaultValue={query.search}
              placeholder="Nome ou CPF/CNPJ"
              className={`${filterControlClass} w-64`}
            />
          </div>
          <Button variant="secondary">Ver</Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="email" />
          <input type="hidden" name="ano" value={year} />
          <Button disabled={busy || !anyReport}>
            <MailCheck aria-hidden className="size-4" />{" "}
            {busy ? "Enviando..." : `Enviar todos os informes de ${year} por email`}
          </Button>
        </Form>
        {/* Both lists of the year, the search applied. */}
        <ExportCsvLink href={listHref("/admin/informes/exportar", { ano: year, busca: query.search })} />
      </div>

      <ReportSection
        id="proprietarios"
        title="Proprietários"
        empty={
          query.search ? "Nenhum proprietário encontrado." : `Nenhum aluguel recebido para proprietários em ${year}.`
        }
        testId="owner-reports"
        person="Proprietário"
        people={["proprietário", "proprietários"]}
        amounts={[
          { label: "Recebido no ano", cents: (o) => o.grossCents },
          { label: "Líquido", cents: (o) => o.netCents, strong: true },
          { label: "Repassado", cents: (o) => o.transferredCents },
          { label: "A repassar", cents: (o) => o.netCents - o.transferredCents },
        ]}
        list={owners}
        hrefFor={(p) => href({ pagina: p })}
        pdf={(o) => pdf("proprietario", o.id)}
        download="Baixar informe"
      />
      <ReportSection
        id="inquilinos"
        title="Inquilinos"
        empty={query.search ? "Nenhum inquilino encontrado." : `Nenhum aluguel pago em ${year}.`}
        testId="tenant-reports"
        person="Inquilino"
        people={["inquilino", "inquilinos"]}
        amounts={[{ label: "Pago no ano", cents: (t) => t.paidCents, strong: true }]}
        list={tenants}
        hrefFor={(p) => href({ inquilinos: p })}
        pdf={(t) => pdf("inquilino", t.id)}
        download="Baixar comprovante"
      />
    </div>
  );
}
