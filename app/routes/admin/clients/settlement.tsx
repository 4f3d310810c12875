import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { randomUUID } from "node:crypto";
import { data, Link } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import {
  SettlementForm,
  SettlementPreview,
  TenantRefund,
  type PreviewLine,
} from "#app/components/admin/settlement-form";
import { getDb } from "#app/db/db.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { formatDay, rentInputValue } from "#app/models/clients/status";
import { getGuarantee } from "#app/models/guarantees/guarantees.server";
import {
  DEFAULT_FINE_RENTS,
  SETTLEMENT_MESSAGES,
  settlementFields,
  settlementSchema,
  REFUND_MESSAGES,
  refundSchema,
  REPAIR_ROWS,
  repairDefaults,
} from "#app/models/leases/settlement.schema";
import { exitRepairs } from "#app/models/leases/exit-repairs.server";
import { getSettlement, settleLease, settlementPreview } from "#app/models/leases/settlement.server";
import { refundTenantCredit, tenantRefunds } from "#app/models/leases/refund.server";
import { tenantCreditLeft } from "#app/models/ledger/ledger.server";
import type { AuditActor } from "#app/models/audit/audit.server";
import { localToday } from "#app/models/shared/days";
import { cents, formatBRL, ZERO_CENTS } from "#app/models/shared/money";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/settlement";
import { readTab, tabListUrl } from "./clients-tabs";

// "Acerto de saída" (issue 36, docs/decisions/0069-lease-settlement.md): an
// ended contract's settlement, previewed, confirmed once, its "Termo de
// Encerramento" a PDF. A dialog over the client lists, a page without JavaScript.
export function meta() {
  return [{ title: "Acerto de saída | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  invariantResponse(id !== null, SETTLEMENT_MESSAGES.notFound);
  const db = getDb();
  const today = localToday();
  const settled = await getSettlement(db, id);
  const guarantee = await getGuarantee(db, id);
  const caution = guarantee?.kind === "caucao" ? cents(guarantee.amount_cents ?? 0) : ZERO_CENTS;
  // The repairs start as the exit inspection's costs; the preview shows the form's defaults.
  const fromExit = settled ? null : await exitRepairs(db, id, REPAIR_ROWS);
  const repairs = fromExit?.repairs ?? [];
  const preview = await settlementPreview(
    db,
    id,
    { intent: "preview", fineRents: DEFAULT_FINE_RENTS, exempt: false, cautionCents: caution, repairs },
    today,
  );
  invariantResponse(preview, SETTLEMENT_MESSAGES.notFound);
  return {
    id,
    name: preview.contract.name,
    // After the acerto: what the tenant's credit still holds, and what was given back (decision 0076).
    toRefundCents: settled ? await tenantCreditLeft(db, id) : ZERO_CENTS,
    refunds: settled ? await tenantRefunds(db, id) : [],
    today,
    endedOn: preview.contract.ended_on,
    settled: settled && { ...settled, lines: JSON.parse(settled.lines) as PreviewLine[] },
    preview: preview.ok ? { lines: preview.lines, resultCents: preview.resultCents } : null,
    defaults: {
      fine_rents: String(DEFAULT_FINE_RENTS),
      caution: caution > 0 ? rentInputValue(caution) : "",
      ...repairDefaults(repairs),
    },
    fromExit: fromExit && { id: fromExit.exitId, totalCents: fromExit.totalCents },
    constraint: getZodConstraint(settlementFields),
    onceKey: randomUUID(),
    list: listOf(url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, SETTLEMENT_MESSAGES.notFound);
  const form = await readFormData(request);
  if (form.get("intent") === "refund") return refundAction(form, id, actor, url);
  const submission = parseWithZod(form, { schema: settlementSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), preview: null, alert: null }, { status: 400 });
  const db = getDb();
  const today = localToday();
  if (submission.value.intent === "preview") {
    const preview = await settlementPreview(db, id, submission.value, today);
    invariantResponse(preview, SETTLEMENT_MESSAGES.notFound);
    return data({
      result: submission.reply(),
      preview: preview.ok ? { lines: preview.lines, resultCents: preview.resultCents } : null,
      alert: null,
    });
  }
  let done: Awaited<ReturnType<typeof settleLease>>;
  try {
    done = await settleLease(db, id, submission.value, actor, { agency: pdfAgency(), pdfAgency: pdfAgency(), today });
  } catch (error) {
    return failedWriteAlert("lease_settlement.create_failed", error, {
      result: submission.reply(),
      preview: null,
      alert: SETTLEMENT_MESSAGES.failed,
    });
  }
  const here = `${url.pathname}${url.search}`;
  if (!done.ok) {
    invariantResponse(done.reason !== "client", SETTLEMENT_MESSAGES.notFound);
    return redirectWithToast(here, {
      type: "error",
      title: done.reason === "already" ? SETTLEMENT_MESSAGES.already : SETTLEMENT_MESSAGES.notEnded,
    });
  }
  return redirectWithToast(here, { type: "success", title: SETTLEMENT_MESSAGES.done });
}

// "Devolver ao inquilino": every outcome back to this page with a toast.
async function refundAction(form: FormData, id: number, actor: AuditActor, url: URL) {
  const here = `${url.pathname}${url.search}`;
  const submission = parseWithZod(form, { schema: refundSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? REFUND_MESSAGES.day;
    return redirectWithToast(here, { type: "error", title: first });
  }
  const done = await refundTenantCredit(getDb(), id, submission.value, actor, localToday());
  if (!done.ok) {
    invariantResponse(done.reason !== "client", SETTLEMENT_MESSAGES.notFound);
    const title = {
      "not-settled": REFUND_MESSAGES.notSettled,
      nothing: REFUND_MESSAGES.nothing,
      future: REFUND_MESSAGES.future,
    }[done.reason];
    return redirectWithToast(here, { type: "error", title });
  }
  return redirectWithToast(here, {
    type: "success",
    title: REFUND_MESSAGES.done,
    ...(done.duplicate ? {} : { description: formatBRL(done.refundedCents) }),
  });
}

export default function Settlement({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={`Acerto de saída: ${d.name}`} closeTo={d.list} wide>
      {d.settled ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Acerto registrado por {d.settled.created_by_name}; imóvel devolvido em {formatDay(d.settled.returned_on)}.
          </p>
          <SettlementPreview
            lines={d.settled.lines}
            resultCents={d.settled.owed_after_cents > 0 ? d.settled.owed_after_cents : -d.settled.to_return_cents}
          />
          <a
            href={`/arquivos/termos-encerramento/${d.settled.id}?download=1`}
            className="inline-block font-semibold text-brand-700 hover:underline"
          >
            Baixar o Termo de Encerramento (PDF)
          </a>
          <TenantRefund toRefundCents={d.toRefundCents} refunds={d.refunds} today={d.today} onceKey={d.onceKey} />
        </div>
      ) : !d.endedOn ? (
        <p className="text-sm text-slate-700">
          {SETTLEMENT_MESSAGES.notEnded}{" "}
          <Link to={`/admin/clients/${d.id}/encerrar`} className="text-brand-700 hover:underline">
            Encerrar contrato
          </Link>
        </p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Imóvel devolvido em {formatDay(d.endedOn)}. O que o inquilino deve, menos os dias após a devolução, mais a
            multa e os reparos, pago primeiro com a caução; confirmado, vira lançamentos e o Termo de Encerramento.
          </p>
          {actionData?.alert ? <p className="text-sm text-red-700">{actionData.alert}</p> : null}
          <SettlementForm
            constraint={d.constraint}
            defaults={d.defaults}
            result={actionData?.result}
            onceKey={d.onceKey}
            preview={actionData?.preview ?? d.preview}
            fromExit={d.fromExit}
          />
        </div>
      )}
    </RouteDialog>
  );
}
