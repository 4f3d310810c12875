import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Upload } from "lucide-react";
import { Form, Link, data, useNavigation } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Field, FormAlert, buttonClass, describedBy } from "#app/components/ui/field";
import { getDb, rethrowIfBusy } from "#app/db/db.server";
import {
  MAINTENANCE_ADMIN_MESSAGES,
  MAINTENANCE_DOCUMENT_ACCEPT,
  MAX_MAINTENANCE_DOCUMENT_BYTES,
  maintenanceDocumentSchema,
} from "#app/models/maintenance/admin.schema";
import { addMaintenanceDocument, listRequestChoices } from "#app/models/maintenance/admin.server";
import { parseId, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/maintenance-document";
import { readPrivateUpload } from "./private-upload.server";

// "Upload Documento" (spec back-office §2 Manutenções, §5): a request and a
// file (PDF, DOC, DOCX, JPG or PNG by content) that the tenant then sees on
// that request. A plain multipart form that works without JavaScript.
export function meta() {
  return [{ title: "Upload Documento | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=manutencoes";
const HINT = "PDF, DOC, DOCX, JPG ou PNG, até 20 MB.";

export async function loader({ url }: Route.LoaderArgs) {
  const requests = await listRequestChoices(getDb());
  const chosen = parseId(url.searchParams.get("solicitacao") ?? undefined);
  return { requests, chosen: requests.some((r) => r.id === chosen) ? String(chosen) : "", constraint: getZodConstraint(maintenanceDocumentSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const body = await readPrivateUpload(request, MAX_MAINTENANCE_DOCUMENT_BYTES, MAINTENANCE_ADMIN_MESSAGES.tooLarge);
  if ("error" in body) return data({ result: null, alert: body.error }, { status: 400 });
  const submission = parseWithZod(body.formData, { schema: maintenanceDocumentSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  const { request_id, file } = submission.value;
  try {
    const added = await addMaintenanceDocument(
      getDb(),
      { requestId: request_id!, fileName: file!.name, bytes: new Uint8Array(await file!.arrayBuffer()) },
      actor,
    );
    if (!added.ok) {
      const fieldErrors: Record<string, string[]> =
        added.reason === "type" ? { file: [MAINTENANCE_ADMIN_MESSAGES.type] } : { request_id: [MAINTENANCE_ADMIN_MESSAGES.noRequest] };
      return data({ result: submission.reply({ fieldErrors }), alert: null }, { status: 400 });
    }
  } catch (error) {
    rethrowIfBusy(error);
    console.error("maintenance document upload failed", error);
    return data({ result: submission.reply(), alert: `${MAINTENANCE_ADMIN_MESSAGES.uploadFailed} Nada foi salvo; tente novamente.` }, { status: 500 });
  }
  return redirectWithToast(LIST, { type: "success", title: "Documento de manutenção enviado com sucesso!", description: file!.name });
}

export default function NewMaintenanceDocument({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<{ request_id: string; file: File }>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { request_id: loaderData.chosen },
  });
  const alert = actionData?.alert ?? form.errors?.[0];
  return (
    <>
      <Link to={LIST} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Voltar para Gestão de Manutenções
      </Link>
      <AdminTitle title="Upload Documento" />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="max-w-xl space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        {alert ? <FormAlert title="Erro ao enviar documento" description={alert} /> : null}
        <Field meta={fields.request_id} label="Solicitação" as="select">
          <option value="">Selecione uma solicitação</option>
          {loaderData.requests.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title} — {r.client_name}
            </option>
          ))}
        </Field>
        <Field meta={fields.file} label="Arquivo" hint={HINT} as="custom">
          <input
            id={fields.file.id}
            name={fields.file.name}
            type="file"
            accept={MAINTENANCE_DOCUMENT_ACCEPT}
            aria-invalid={fields.file.errors?.length ? true : undefined}
            aria-describedby={describedBy(fields.file, HINT)}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold"
          />
        </Field>
        <button type="submit" className={buttonClass} disabled={busy}>
          <Upload aria-hidden className="size-4" /> {busy ? "Enviando..." : "Enviar Documento"}
        </button>
      </Form>
    </>
  );
}
