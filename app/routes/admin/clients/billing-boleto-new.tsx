import { data } from "react-router";
import { PrivateUploadForm } from "#app/components/admin/private-upload-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { listBillingClientChoices } from "#app/models/billing/billing.server";
import { BOLETO_MESSAGES, BOLETO_UPLOAD } from "#app/models/boletos/boleto.schema";
import { SLIPS_PARAM } from "#app/models/boletos/display";
import { createBoletoDraft } from "#app/models/boletos/queue.server";
import { BoletoReadError, readBoleto } from "#app/models/boletos/read-boleto.server";
import { formatDay } from "#app/models/clients/status";
import { parseId, requireRole } from "#app/utils/http.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { log } from "#app/utils/log.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-boleto-new";
import { readUploadSubmission, uploadDialogData } from "./private-upload.server";

// "Anexar Boleto" (docs/product.md §Boletos,
// docs/decisions/0015-boleto-flow.md): a client and a file (PDF, JPG or PNG by
// content, at most 10 MB), analysed on the server (app/models/boletos, off the
// main thread). A readable file is stored as a draft and the analysis opens on
// its own page (dialog), where the admin corrects and confirms it; an
// unreadable one is the spec's error, and nothing is stored.
export function meta() {
  return [{ title: "Anexar Boleto | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=cobrancas";

export async function loader({ url }: Route.LoaderArgs) {
  const clients = (await listBillingClientChoices(getDb())).map((c) => ({ value: c.id, label: c.name }));
  return uploadDialogData(clients, parseId(url.searchParams.get("cliente")), BOLETO_UPLOAD.schema);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const upload = await readUploadSubmission(request, BOLETO_UPLOAD);
  if (!upload.ok) return upload.refused;
  const { submission, id, file, bytes } = upload;
  let reading: Awaited<ReturnType<typeof readBoleto>>;
  try {
    reading = await readBoleto(bytes);
  } catch (error) {
    if (!(error instanceof BoletoReadError)) log.error("boleto.analysis_failed", { error });
    // The reader's messages are Portuguese and safe to show (wrong type, too large, unreadable...).
    const message = error instanceof BoletoReadError ? error.message : BOLETO_MESSAGES.failed;
    return data({ result: submission.reply(), alert: `${BOLETO_MESSAGES.failedTitle}: ${message}` }, { status: 400 });
  }
  let draft: Awaited<ReturnType<typeof createBoletoDraft>>;
  try {
    draft = await createBoletoDraft(
      getDb(),
      {
        clientId: id,
        fileName: file.name,
        bytes,
        reading: {
          due_date: reading.dueDate,
          amount_cents: reading.amountCents,
          month_year: reading.monthYear,
          digitable_line: reading.digitableLine,
          source: reading.source,
        },
      },
      actor,
    );
  } catch (error) {
    return failedWriteAlert("boleto.draft_failed", error, {
      result: submission.reply(),
      alert: `${BOLETO_MESSAGES.failedTitle}: ${BOLETO_MESSAGES.failed}`,
    });
  }
  if (!draft.ok)
    return draft.reason === "type"
      ? upload.refuse("file", BOLETO_MESSAGES.type)
      : upload.refuse("client_id", BOLETO_MESSAGES.noClient);
  // A carnê page: its slips travel in the address, for staff to choose one.
  const slips = reading.slips ? `?${SLIPS_PARAM}=${reading.slips.map((slip) => slip.digitableLine).join(",")}` : "";
  return redirectWithToast(`/admin/clients/cobrancas/boletos/${draft.id}${slips}`, {
    type: "success",
    title: BOLETO_MESSAGES.analysedTitle,
    description: `${BOLETO_MESSAGES.analysed} ${reading.dueDate ? `Vencimento: ${formatDay(reading.dueDate)}.` : `${BOLETO_MESSAGES.noDate}.`}${reading.notice ? ` ${reading.notice}.` : ""}`,
  });
}

export default function AttachBoleto({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Anexar Boleto" closeTo={LIST}>
      <PrivateUploadForm {...BOLETO_UPLOAD.form} {...loaderData} actionData={actionData} />
    </RouteDialog>
  );
}
