import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Upload } from "lucide-react";
import { Form, Link, data, useNavigation } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Field, FormAlert, buttonClass, describedBy } from "#app/components/ui/field";
import { getDb, rethrowIfBusy } from "#app/db/db.server";
import { CONTRACT_ACCEPT, CONTRACT_MESSAGES, MAX_CONTRACT_BYTES, contractUploadSchema } from "#app/models/contracts/contract.schema";
import { createContract, listClientChoices } from "#app/models/contracts/contracts.server";
import { parseId, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/contract-new";
import { readPrivateUpload } from "./private-upload.server";

// "Enviar Contrato" (spec back-office §2 Contratos, §5): the page the dialog
// would open, a plain multipart form that works without JavaScript.
export function meta() {
  return [{ title: "Enviar Contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=contratos";

export async function loader({ url }: Route.LoaderArgs) {
  const clients = await listClientChoices(getDb());
  const chosen = parseId(url.searchParams.get("cliente") ?? undefined);
  return { clients, chosen: clients.some((c) => c.id === chosen) ? String(chosen) : "", constraint: getZodConstraint(contractUploadSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const body = await readPrivateUpload(request, MAX_CONTRACT_BYTES, CONTRACT_MESSAGES.tooLarge);
  if ("error" in body) return data({ result: null, alert: body.error }, { status: 400 });
  const submission = parseWithZod(body.formData, { schema: contractUploadSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  const { client_id, file } = submission.value;
  try {
    const created = await createContract(getDb(), { clientId: client_id!, fileName: file!.name, bytes: new Uint8Array(await file!.arrayBuffer()) }, actor);
    if (!created.ok) {
      const fieldErrors: Record<string, string[]> =
        created.reason === "type" ? { file: [CONTRACT_MESSAGES.type] } : { client_id: [CONTRACT_MESSAGES.noClient] };
      return data({ result: submission.reply({ fieldErrors }), alert: null }, { status: 400 });
    }
  } catch (error) {
    rethrowIfBusy(error);
    console.error("contract upload failed", error);
    return data({ result: submission.reply(), alert: `${CONTRACT_MESSAGES.failed} Nada foi salvo; tente novamente.` }, { status: 500 });
  }
  return redirectWithToast(LIST, { type: "success", title: "Contrato enviado com sucesso!", description: file!.name });
}

export default function NewContract({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm<{ client_id: string; file: File }>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { client_id: loaderData.chosen },
  });
  const alert = actionData?.alert ?? form.errors?.[0];
  return (
    <>
      <Link to={LIST} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Voltar para Gestão de Contratos
      </Link>
      <AdminTitle title="Enviar Contrato" />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="max-w-xl space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        {alert ? <FormAlert title="Erro ao enviar contrato" description={alert} /> : null}
        <Field meta={fields.client_id} label="Cliente" as="select">
          <option value="">Selecione um cliente</option>
          {loaderData.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Field>
        <Field meta={fields.file} label="Arquivo" hint="PDF, DOC ou DOCX, até 20 MB." as="custom">
          <input
            id={fields.file.id}
            name={fields.file.name}
            type="file"
            accept={CONTRACT_ACCEPT}
            aria-invalid={fields.file.errors?.length ? true : undefined}
            aria-describedby={describedBy(fields.file, "PDF, DOC ou DOCX, até 20 MB.")}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold"
          />
        </Field>
        <button type="submit" className={buttonClass} disabled={busy}>
          <Upload aria-hidden className="size-4" /> {busy ? "Enviando..." : "Enviar Contrato"}
        </button>
      </Form>
    </>
  );
}
