import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ClientAreaHeader } from "#app/components/client/client-area-header";
import { Tabs } from "#app/components/ui/tabs";
import { getDb } from "#app/db/db.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { listClientBillings } from "#app/models/billing/billing.server";
import { billingTxid, pixPayload } from "#app/models/billing/pix";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { localToday } from "#app/models/shared/days";
import { getEnv } from "#app/utils/env.server";
import { listOwnContracts } from "#app/models/clients/portal.server";
import { formatDay } from "#app/models/clients/status";
import { MAINTENANCE_MESSAGES, maintenanceRequestSchema } from "#app/models/maintenance/maintenance.schema";
import {
  MaintenanceImageError,
  createMaintenanceRequest,
  listOwnMaintenanceRequests,
} from "#app/models/maintenance/requests.server";
import { clientContext } from "#app/utils/client-context";
import { formatBRL } from "#app/models/shared/money";
import { pageTitle } from "#app/utils/seo";
import { failedWriteAlert } from "#app/utils/failure.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/area";
import { BillingTab } from "#app/components/client/billing-tab";
import { chargesOfBillings } from "#app/models/charges/beside.server";
import { withheldOfBillings } from "#app/models/withholding/irrf.server";
import { ownLeaseDocuments } from "#app/models/leases/documents.server";
import { otherLeases } from "#app/models/leases/tenant-leases.server";
import { issueHorizon } from "#app/models/billing/charges";
import { tenantAccount } from "#app/models/ledger/account.server";
import { latestProofs } from "#app/models/payment-proofs/proofs.server";
import { ContractsTab } from "#app/components/client/contracts-tab";
import { InspectionTab } from "#app/components/client/inspection-tab";
import { MaintenanceTab } from "#app/components/client/maintenance-tab";
import { clientInspectionTab } from "#app/models/inspections/client-view.server";
import { readMaintenanceForm } from "./maintenance-upload.server";
import { getOwnerForUser } from "#app/models/owners/portal.server";

const TABS = [
  { id: "contrato", label: "Contrato" },
  { id: "cobranca", label: "Cobrança" },
  { id: "manutencao", label: "Manutenção" },
  { id: "vistoria", label: "Vistoria" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Área do Cliente") }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { client, user } = context.get(clientContext);
  const asked = new URL(request.url).searchParams.get("tab");
  const tab: Tab = TABS.some((t) => t.id === asked) ? (asked as Tab) : "contrato";
  const db = getDb();
  return {
    tab,
    // One login for both areas (decision 0077): a tenant who is also an owner.
    alsoOwner: (await getOwnerForUser(db, user.id)) !== null,
    client: {
      name: client.name,
      property_address: client.property_address,
      rent: client.monthly_rent_cents === null ? null : formatBRL(client.monthly_rent_cents),
      due_day: client.payment_due_day,
      start: formatDay(client.contract_start_date),
      end: formatDay(client.contract_end_date),
      ended: formatDay(client.ended_on),
    },
    contracts: tab === "contrato" ? await listOwnContracts(db, client.id) : [],
    leaseDocuments: tab === "contrato" ? await ownLeaseDocuments(db, client.id) : [],
    otherLeases: tab === "contrato" ? await otherLeases(db, client.id) : [],
    billing: tab === "cobranca" ? await clientBillingTab(db, client.id) : null,
    requests: tab === "manutencao" ? await listOwnMaintenanceRequests(db, client.id) : [],
    inspections:
      tab === "vistoria"
        ? await clientInspectionTab(db, client.id, localToday(), getEnv().INSPECTION_CONTEST_DAYS)
        : [],
    constraint: getZodConstraint(maintenanceRequestSchema),
  };
}

// The Cobrança tab: only issued billings (BILLING_ISSUE_DAYS); each open one
// with its Pix BR Code for the amount due today (its QR Code is an image drawn
// by routes/files/pix-qr.ts) and its latest proof of payment ("Já paguei").
async function clientBillingTab(db: ReturnType<typeof getDb>, clientId: number) {
  const today = localToday();
  const settings = getChargingSettings();
  const { open, history } = await listClientBillings(db, clientId, { today, issueDays: settings.issueDays });
  const proofs = await latestProofs(
    db,
    clientId,
    open.map((b) => b.id),
  );
  const beside = await chargesOfBillings(
    db,
    open.map((b) => b.id),
  );
  const withheld = await withheldOfBillings(
    db,
    open.map((b) => b.id),
  );
  const withPix = open.map((b) => ({
    ...b,
    beside: beside.get(b.id) ?? [],
    withheld: withheld.get(b.id) ?? 0,
    pix: settings.pix ? { payload: pixPayload(settings.pix, b.charges.total, billingTxid(b.id)) } : null,
    // "Já paguei" (decision 0063): what became of the latest proof sent.
    proof: proofs.get(b.id) ?? null,
  }));
  const account = await tenantAccount(db, clientId, issueHorizon(today, settings.issueDays));
  return { open: withPix, history, account, today, pixConfigured: settings.pix !== null };
}

// "Nova Solicitação": every file is checked before anything is stored; the
// request and its images are written together (requests.server.ts).
export async function action({ context, request }: Route.ActionArgs) {
  const { client } = context.get(clientContext);
  const body = await readMaintenanceForm(request);
  const formData = body.formData ?? new FormData();
  const submission = parseWithZod(formData, { schema: maintenanceRequestSchema });
  if (!body.ok) {
    const alert =
      body.reason === "unreadable"
        ? { title: "Erro", description: "Não foi possível ler o formulário enviado. Tente novamente." }
        : {
            title: MAINTENANCE_MESSAGES.invalidFilesTitle,
            description:
              body.reason === "too-many" ? MAINTENANCE_MESSAGES.tooManyFiles : MAINTENANCE_MESSAGES.invalidFiles,
          };
    return data({ result: submission.reply(), alert }, { status: 400 });
  }
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  try {
    await createMaintenanceRequest(getDb(), client.id, submission.value, body.images);
  } catch (error) {
    if (error instanceof MaintenanceImageError) {
      return data(
        {
          result: submission.reply(),
          alert: { title: MAINTENANCE_MESSAGES.invalidFilesTitle, description: MAINTENANCE_MESSAGES.invalidFiles },
        },
        { status: 400 },
      );
    }
    return failedWriteAlert("maintenance.request_failed", error, {
      result: submission.reply(),
      alert: { title: "Erro", description: MAINTENANCE_MESSAGES.failed },
    });
  }
  // The agency's "Aviso à equipe" goes now, not at the next hourly run.
  kickOutbox(getDb());
  return redirectWithToast("/client-area?tab=manutencao", {
    type: "success",
    title: "Solicitação enviada",
    description: "Sua solicitação de manutenção foi registrada.",
  });
}

export default function ClientArea({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, client } = loaderData;
  return (
    <main id="conteudo" className="min-h-screen bg-slate-50">
      <ClientAreaHeader
        clientName={client.name}
        otherArea={loaderData.alsoOwner ? { to: "/area-do-proprietario", label: "Área do Proprietário" } : null}
      />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <section aria-labelledby="contrato-info" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="contrato-info" className="text-lg font-semibold text-slate-900">
            Informações do Contrato
          </h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">Endereço do imóvel</dt>
              <dd className="font-medium text-slate-900">{client.property_address || "Não informado"}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Aluguel mensal</dt>
              <dd className="font-medium text-slate-900">{client.rent ?? "Não informado"}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Vencimento</dt>
              <dd className="font-medium text-slate-900">Todo dia {client.due_day}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Vigência</dt>
              <dd className="font-medium text-slate-900">
                {client.start || client.end ? `${client.start || "—"} a ${client.end || "—"}` : "Não informada"}
              </dd>
            </div>
            {client.ended ? (
              <div>
                <dt className="text-sm text-slate-600">Situação</dt>
                <dd className="font-medium text-slate-900">Contrato encerrado em {client.ended}</dd>
              </div>
            ) : null}
          </dl>
        </section>

        <Tabs
          label="Seções da área do cliente"
          tabs={TABS}
          current={tab}
          href={(id) => `?tab=${id}`}
          variant="underline"
        />

        {tab === "contrato" ? (
          <ContractsTab
            contracts={loaderData.contracts}
            documents={loaderData.leaseDocuments}
            otherLeases={loaderData.otherLeases}
          />
        ) : null}
        {tab === "cobranca" && loaderData.billing ? <BillingTab {...loaderData.billing} /> : null}
        {tab === "manutencao" ? (
          <MaintenanceTab requests={loaderData.requests} constraint={loaderData.constraint} actionData={actionData} />
        ) : null}
        {tab === "vistoria" ? <InspectionTab inspections={loaderData.inspections} /> : null}
      </div>
    </main>
  );
}
