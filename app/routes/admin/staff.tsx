import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { Form, data, useNavigation } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Field, buttonClass, inputClass } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { createStaff, newStaffSchema } from "#app/models/accounts/create-user.server";
import { PASSWORD_RULE } from "#app/models/accounts/password.schema";
import { resetAdminPassword, setAdminActive } from "#app/models/accounts/staff.server";
import { listStaff } from "#app/models/accounts/users.server";
import { requireMaster } from "#app/utils/auth.server";
import { formatDate } from "#app/utils/format";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/staff";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";

// Staff accounts: the master only (the layout lets every staff member in;
// this page and its actions check the role again).
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireMaster(request);
  return { me: me.id, staff: await listStaff(getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireMaster(request);
  const formData = await request.formData();
  const db = getDb();
  const intent = formData.get("intent");
  const id = Number(formData.get("id"));
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: newStaffSchema.omit({ role: true }) });
    if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), reset: null }, { status: 400 });
    const created = await createStaff(db, { ...submission.value, role: "admin" });
    if (!created.ok) {
      return data(
        { result: submission.reply({ fieldErrors: { [created.field]: [created.message] }, hideFields: ["password"] }), reset: null },
        { status: 400 },
      );
    }
    return redirectWithToast("/admin/equipe", {
      type: "success",
      title: "Administrador criado",
      description: `${submission.value.name} já pode entrar no painel.`,
    });
  }
  if ((intent === "disable" || intent === "enable") && Number.isInteger(id)) {
    const admin = await setAdminActive(db, id, intent === "enable");
    if (!admin) return redirectWithToast("/admin/equipe", { type: "error", title: "Conta não encontrada" });
    return redirectWithToast("/admin/equipe", {
      type: "success",
      title: intent === "enable" ? "Conta reativada" : "Conta desativada",
      description: admin.name,
    });
  }
  if (intent === "reset" && Number.isInteger(id)) {
    const reset = await resetAdminPassword(db, id);
    if (!reset) return redirectWithToast("/admin/equipe", { type: "error", title: "Conta não encontrada" });
    // Shown once, in this response only (never in a cookie or a URL).
    return data({ result: undefined, reset });
  }
  return redirectWithToast("/admin/equipe", { type: "error", title: "Ação inválida" });
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const formId = useFreshFormId("new-admin", actionData !== undefined);
  const [form, fields] = useForm({ id: formId, lastResult: actionData?.result });
  return (
    <>
      <AdminTitle title="Equipe" />
      {actionData?.reset ? (
        <div role="alert" className="mb-6 flex gap-3 rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          <KeyRound aria-hidden className="size-5 shrink-0" />
          <p>
            Nova senha de <strong>{actionData.reset.name}</strong>:{" "}
            <code className="rounded bg-white px-2 py-0.5 font-mono text-base">{actionData.reset.password}</code>
            <br />
            <span className="text-sm">Anote e entregue à pessoa: ela não será mostrada de novo.</span>
          </p>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-4 py-3">Nome</th>
                <th className="px-4 py-3">Usuário / Email</th>
                <th className="px-4 py-3">Papel</th>
                <th className="px-4 py-3">Situação</th>
                <th className="px-4 py-3">Ações</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.staff.map((s) => (
                <tr key={s.id} className="border-t border-slate-100">
                  <td className="px-4 py-3 font-medium text-slate-900">
                    {s.name}
                    <span className="block text-xs font-normal text-slate-500">desde {formatDate(s.created_at)}</span>
                  </td>
                  <td className="px-4 py-3">
                    {s.username}
                    <span className="block text-slate-600">{s.email}</span>
                  </td>
                  <td className="px-4 py-3">{s.role === "master" ? "Master" : "Administrador"}</td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${s.active ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-700"}`}
                    >
                      {s.active ? "Ativo" : "Desativado"}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    {s.role === "admin" ? (
                      <div className="flex flex-wrap gap-2">
                        <Form method="post">
                          <input type="hidden" name="id" value={s.id} />
                          <button
                            name="intent"
                            value={s.active ? "disable" : "enable"}
                            className="rounded border border-slate-300 px-2.5 py-1 hover:bg-slate-50"
                          >
                            {s.active ? "Desativar" : "Reativar"}
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="id" value={s.id} />
                          <button name="intent" value="reset" className="rounded border border-slate-300 px-2.5 py-1 hover:bg-slate-50">
                            Redefinir senha
                          </button>
                        </Form>
                      </div>
                    ) : (
                      <span className="text-slate-500">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Form
          key={formId}
          method="post"
          {...getFormProps(form)}
          noValidate={false}
          className="h-fit space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="text-lg font-semibold text-slate-900">Novo administrador</h2>
          <input type="hidden" name="intent" value="create" />
          <Field id={fields.name.id} errorId={fields.name.errorId} label="Nome" errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} required maxLength={120} className={inputClass} />
          </Field>
          <Field id={fields.username.id} errorId={fields.username.errorId} label="Nome de usuário" errors={fields.username.errors}>
            <input
              {...getInputProps(fields.username, { type: "text" })}
              key={fields.username.key}
              required
              minLength={3}
              maxLength={40}
              className={inputClass}
            />
          </Field>
          <Field id={fields.email.id} errorId={fields.email.errorId} label="Email" errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} required className={inputClass} />
          </Field>
          <Field id={fields.password.id} errorId={fields.password.errorId} label="Senha inicial" errors={fields.password.errors} hint={PASSWORD_RULE}>
            <input
              {...getInputProps(fields.password, { type: "password" })}
              key={fields.password.key}
              required
              minLength={8}
              autoComplete="new-password"
              className={inputClass}
            />
          </Field>
          <button type="submit" className={buttonClass} disabled={busy}>
            Criar administrador
          </button>
        </Form>
      </div>
    </>
  );
}
