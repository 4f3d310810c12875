import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { getDb } from "#app/db/db.server";
import type { AuditActor } from "#app/models/audit/audit.server";
import { periodLabel } from "#app/models/billing/months";
import { importIndexCsv, upsertIndexValue } from "#app/models/owners/index-values.server";
import { indexImportSchema, indexRateSchema } from "#app/models/owners/index-value.schema";
import { formatRate, INDEX_LABELS } from "#app/models/owners/readjustment";
import { failedWriteAlert } from "#app/utils/failure.server";
import { readFormData } from "#app/utils/http.server";
import { readPrivateUpload } from "#app/routes/admin/clients/private-upload.server";
import { redirectWithToast } from "#app/utils/toast.server";

// The posts of "Índices" (docs/decisions/0041-readjustment.md): one month's
// rate (intent "rate"), or the SGS CSV (intent "import", multipart). Every
// answer that is not a redirect has one shape, so the page reads it typed.

export const MAX_CSV_BYTES = 200 * 1024;
const TOO_LARGE = "Arquivo grande demais (até 200 KB).";

type RateField = "index" | "month" | "rate";
export type IndexAnswer = {
  errors?: Partial<Record<RateField, string>>;
  values?: Record<RateField, string>;
  importError?: string;
  formError?: string;
};
const refuse = (answer: IndexAnswer) => data(answer, { status: 400 });

const intentSchema = z.object({ intent: z.string().optional() });

export async function indicesAction(request: Request, actor: AuditActor) {
  const body = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data")
    ? await readPrivateUpload(request, MAX_CSV_BYTES, TOO_LARGE)
    : { formData: await readFormData(request) };
  if ("error" in body) return refuse({ importError: body.error });
  const intent = parseWithZod(body.formData, { schema: intentSchema });
  return intent.status === "success" && intent.value.intent === "import"
    ? importCsv(body.formData, actor)
    : saveRate(body.formData, actor);
}

async function importCsv(form: FormData, actor: AuditActor) {
  const submission = parseWithZod(form, { schema: indexImportSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return refuse({ importError: errors.index?.[0] ?? errors.file?.[0] });
  }
  const { index, file } = submission.value;
  if (file.size > MAX_CSV_BYTES) return refuse({ importError: TOO_LARGE });
  let outcome: Awaited<ReturnType<typeof importIndexCsv>>;
  try {
    outcome = await importIndexCsv(getDb(), index, new Uint8Array(await file.arrayBuffer()), actor);
  } catch (error) {
    return failedWriteAlert<IndexAnswer>("index.import_failed", error, {
      importError: "Não foi possível importar. Tente novamente.",
    });
  }
  if (!outcome.ok) return refuse({ importError: outcome.error });
  return redirectWithToast("/admin/indices", {
    type: "success",
    title: `${INDEX_LABELS[index]} importado`,
    description:
      outcome.changed === 0
        ? `Nada novo: os ${outcome.months} meses do arquivo já estavam gravados.`
        : `${outcome.months} meses no arquivo, ${outcome.changed} gravados ou alterados.`,
  });
}

async function saveRate(form: FormData, actor: AuditActor) {
  const submission = parseWithZod(form, { schema: indexRateSchema });
  // The typed values come back as typed (the form keeps them).
  const typed = (name: RateField) => {
    const value = submission.payload[name];
    return typeof value === "string" ? value : "";
  };
  const values = { index: typed("index"), month: typed("month"), rate: typed("rate") };
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return refuse({
      values,
      errors: { index: errors.index?.[0], month: errors.month?.[0], rate: errors.rate?.[0] },
    });
  }
  const { index, month, rate } = submission.value;
  try {
    await upsertIndexValue(getDb(), index, { month, ratePpm: rate }, actor);
  } catch (error) {
    return failedWriteAlert<IndexAnswer>("index.save_failed", error, {
      values,
      formError: "Não foi possível salvar.",
    });
  }
  return redirectWithToast("/admin/indices", {
    type: "success",
    title: "Taxa salva",
    description: `${INDEX_LABELS[index]} de ${periodLabel(month)}: ${formatRate(rate)}%.`,
  });
}
