import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "#app/components/ui/icons";
import { Form, data } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { newAdminSchema, staffActionSchema } from "#app/models/accounts/staff.schema";
import { PASSWORD_RULE } from "#app/models/shared/messages";
import { createStaff, resetAdminPassword, setAdminActive } from "#app/models/accounts/staff.server";
import { listStaff } from "#app/models/accounts/users.server";
import { requireRole, readFormData } from "#app/utils/http.server";
import { formatDate } from "#app/utils/format-date";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/staff";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";

// Staff accounts: the master only (the layout lets every staff member in;
// this page and its actions check the role again).
export async function loader({ context }: Route.LoaderArgs) {
  const me = await requireRole(context, "master");
  return { me: me.id, staff: await listStaff(getDb()), constraint: getZodConstraint(newAdminSchema) };
}

const PATH = "/admin/equipe";

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(context, "master");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: staffActionSchema });
  if (submission.status !== "success") {
    if (submission.payload.intent !== "create")
      return redirectWithToast(PATH, { type: "error", title: "Ação inválida" });
    return data({ result: submission.reply({ hideFields: ["password"] }), reset: null }, { status: 400 });
  }
  const input = submission.value;
  const db = getDb();
  if (input.intent === "create") {
    const created = await createStaff(db, { ...input, role: "admin" }, me);
    if (!created.ok) {
      return data(
        {
          result: submission.reply({ fieldErrors: { [created.field]: [created.message] }, hideFields: ["password"] }),
          reset: null,
        },
        { status: 400 },
      );
    }
    return redirectWithToast(PATH, {
      type: "success",
      title: "Administrador criado",
      description: `${input.name} já pode entrar no painel.`,
    });
  }
  if (input.intent === "reset") {
    const reset = await resetAdminPassword(db, input.id, me);
    if (!reset) return redirectWithToast(PATH, { type: "error", title: "Conta não encontrada" });
    // Shown once, in this response only (never in a cookie or a URL).
    return data({ result: undefined, reset });
  }
  const admin = await setAdminActive(db, input.id, input.intent === "enable", me);
  if (!admin) return redirectWithToast(PATH, { type: "error", title: "Conta não encontrada" });
  return redirectWithToast(PATH, {
    type: "success",
    title: input.intent === "enable" ? "Conta reativada" : "Conta desativada",
    description: admin.name,
  });
}

// A cell: from md up a table cell; on phones a line led by its column's name.
const cell =
  "block px-4 py-1.5 before:mb-0.5 before:block before:text-xs before:font-semibold before:text-slate-500 before:uppercase before:content-[attr(data-label)] md:table-cell md:py-3 md:before:content-none";

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const formId = useFreshFormId("new-admin", actionData !== undefined);
  const [form, fields] = useForm({ id: formId, lastResult: actionData?.result, constraint: loaderData.constraint });
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
        {/* On phones each account is a stacked card whose cells carry their
            column's name (data-label), so role, state and actions stay in
            view; from md up it is a table. min-w-0: the grid cell may shrink. */}
        <div className="min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:overflow-x-auto">
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group">
              <tr>
                <th className="px-4 py-3">Nome</th>
                <th className="px-4 py-3">Usuário / Email</th>
                <th className="px-4 py-3">Papel</th>
                <th className="px-4 py-3">Situação</th>
                <th className="px-4 py-3">Ações</th>
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {loaderData.staff.map((s) => (
                <tr
                  key={s.id}
                  className="block border-t border-slate-100 py-2 first:border-t-0 md:table-row md:py-0 md:first:border-t"
                >
                  <td data-label="Nome" className={`${cell} font-medium text-slate-900`}>
                    {s.name}
                    <span className="block text-xs font-normal text-slate-500">desde {formatDate(s.created_at)}</span>
                  </td>
                  <td data-label="Usuário / Email" className={cell}>
                    {s.username}
                    <span className="block text-slate-600">{s.email}</span>
                  </td>
                  <td data-label="Papel" className={cell}>
                    {s.role === "master" ? "Master" : "Administrador"}
                  </td>
                  <td data-label="Situação" className={cell}>
                    <span
                      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${s.active ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-700"}`}
                    >
                      {s.active ? "Ativo" : "Desativado"}
                    </span>
                  </td>
                  <td data-label="Ações" className={cell}>
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
                          <button
                            name="intent"
                            value="reset"
                            className="rounded border border-slate-300 px-2.5 py-1 hover:bg-slate-50"
                          >
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
          <Field meta={fields.name} label="Nome" type="text" />
          <Field meta={fields.username} label="Nome de usuário" type="text" />
          <Field meta={fields.email} label="Email" type="email" />
          <Field
            meta={fields.password}
            label="Senha inicial"
            hint={PASSWORD_RULE}
            type="password"
            autoComplete="new-password"
          />
          <Button disabled={busy}>Criar administrador</Button>
        </Form>
      </div>
    </>
  );
}
