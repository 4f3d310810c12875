import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { PASSWORD_RULE } from "#app/models/shared/messages";
import { READJUSTMENT_INDEXES, READJUSTMENT_INDEX_LABELS } from "#app/models/clients/client.schema";
import { formatPercent } from "#app/models/billing/charges";

// The client form ("Novo Cliente" / "Editar Cliente"), the spec's field names.
// Works without JavaScript: the action answers with the errors and the values.
export type ClientFormDefaults = Partial<Record<string, string>>;

const SUBMIT_LABELS = { new: "Cadastrar Cliente", edit: "Salvar alterações", lease: "Cadastrar contrato" } as const;

export function ClientForm({
  mode,
  constraint,
  defaults,
  result,
  hasLogin,
  owners,
  coOwners = [],
  ownersHref,
  listings = [],
}: {
  /** "lease": the next lease of a tenant (decision 0073), the login not touched. */
  mode: "new" | "edit" | "lease";
  constraint: FormConstraint;
  defaults: ClientFormDefaults;
  result: SubmissionResult<string[]> | undefined;
  hasLogin: boolean;
  /** The owners the contract may name (Proprietários). */
  owners: readonly { id: number; name: string }[];
  /** A co-owned contract's owners (decision 0067): shown, changed on their own page. */
  coOwners?: readonly { name: string; shareBp: number }[];
  ownersHref?: string;
  /** The listings for rent the contract may name (decision 0070). */
  listings?: readonly { id: number; label: string }[];
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: `client-${mode}`,
    lastResult: result,
    defaultValue: defaults,
    constraint,
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {form.errors?.length ? <FormAlert title="Não foi possível salvar" description={form.errors[0]} /> : null}
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Dados do cliente</legend>
        <Field meta={fields.name} label="Nome *" type="text" autoComplete="off" />
        <Field meta={fields.email} label="Email *" type="email" autoComplete="off" />
        <Field meta={fields.phone} label="Telefone" type="tel" />
        <Field meta={fields.cpf_cnpj} label="CPF/CNPJ" type="text" hint="CPF ou CNPJ, com ou sem pontuação." />
      </fieldset>
      {mode === "new" || hasLogin ? (
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Acesso à Área do Cliente</legend>
          <Field
            meta={fields.username}
            label={mode === "new" ? "Nome de usuário *" : "Nome de usuário"}
            type="text"
            autoComplete="off"
          />
          {mode === "new" ? (
            <Field
              meta={fields.password}
              label="Senha"
              type="password"
              autoComplete="new-password"
              hint={`Deixe em branco para gerar uma senha de 8 letras e números. ${PASSWORD_RULE}`}
            />
          ) : null}
        </fieldset>
      ) : null}
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Contrato</legend>
        <Field meta={fields.property_address} label="Endereço do imóvel" type="text" className="md:col-span-2" />
        <Field
          meta={fields.property_id}
          label="Imóvel anunciado"
          as="select"
          className="md:col-span-2"
          hint="O anúncio de aluguel deste imóvel, se houver: enquanto o contrato corre, ele sai do site como alugado."
        >
          <option value="">Nenhum (imóvel não anunciado)</option>
          {listings.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </Field>
        <Field meta={fields.contract_start_date} label="Início do contrato" type="date" />
        <Field meta={fields.contract_end_date} label="Fim do contrato" type="date" />
        <Field
          meta={fields.monthly_rent}
          label="Aluguel mensal (R$)"
          type="text"
          inputMode="decimal"
          hint="Por exemplo 1.250,00"
        />
        <Field
          meta={fields.payment_due_day}
          label="Dia de vencimento"
          type="text"
          inputMode="numeric"
          hint="De 1 a 31 (padrão 5). Em fim de semana ou feriado, paga-se sem multa no dia útil seguinte."
        />
        <Field
          meta={fields.first_month}
          label="Primeiro e último mês"
          as="select"
          hint="Proporcional: cobra só os dias de contrato do primeiro e do último mês. Nenhuma cobrança vence antes do início."
        >
          <option value="pro_rata">Proporcionais aos dias (meses do calendário)</option>
          <option value="full">Meses inteiros a partir do dia de início</option>
        </Field>
        <Field
          meta={fields.late_fee_percent}
          label="Multa por atraso (%)"
          type="text"
          inputMode="decimal"
          hint="De 0 a 20 (padrão 10), sobre o aluguel em atraso."
        />
        <Field
          meta={fields.monthly_interest_percent}
          label="Juros de mora (% ao mês)"
          type="text"
          inputMode="decimal"
          hint="De 0 a 10 (padrão 1), proporcional aos dias de atraso."
        />
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Proprietário</legend>
        {coOwners.length > 1 ? (
          <div className="text-sm text-slate-800">
            <p className="font-medium">Proprietários</p>
            <ul className="mt-1 space-y-0.5">
              {coOwners.map((o) => (
                <li key={o.name}>
                  {o.name}: {formatPercent(o.shareBp)}%
                </li>
              ))}
            </ul>
            {ownersHref ? (
              <Link to={ownersHref} className="mt-1 inline-block text-brand-700 hover:underline">
                Alterar proprietários e quotas
              </Link>
            ) : null}
          </div>
        ) : (
          <Field
            meta={fields.owner_id}
            label="Proprietário"
            as="select"
            hint="Cadastre-o antes em Proprietários, se não estiver na lista. Vários donos: Proprietários do contrato."
          >
            <option value="">Sem proprietário</option>
            {owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Field>
        )}
        <Field
          meta={fields.admin_fee_percent}
          label="Taxa de administração (%)"
          type="text"
          inputMode="decimal"
          hint="De 0 a 100 (padrão 10), sobre cada aluguel recebido."
        />
        <Field
          meta={fields.fee_base}
          label="Taxa de administração sobre"
          as="select"
          hint="Multa e juros recebidos entram na base da taxa ou vão inteiros ao proprietário."
        >
          <option value="all">Aluguel, multa e juros</option>
          <option value="rent">Aluguel</option>
        </Field>
        <Field
          meta={fields.first_rent_fee_percent}
          label="Taxa sobre o primeiro aluguel (%)"
          type="text"
          inputMode="decimal"
          hint="Padrão 100: a imobiliária fica com o primeiro aluguel; 0 desliga."
        />
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Reajuste anual</legend>
        <Field
          meta={fields.readjustment_index}
          label="Índice de reajuste"
          as="select"
          hint="No aniversário do contrato, pelos 12 meses do índice escolhidos abaixo (Lei 10.192/2001)."
        >
          <option value="">Sem reajuste</option>
          {READJUSTMENT_INDEXES.map((code) => (
            <option key={code} value={code}>
              {READJUSTMENT_INDEX_LABELS[code]}
            </option>
          ))}
        </Field>
        <label className="flex items-start gap-2 self-center text-sm font-medium text-slate-800">
          <input
            {...getInputProps(fields.readjustment_lowers, { type: "checkbox" })}
            key={fields.readjustment_lowers.key}
            className="mt-0.5 size-4"
          />
          Índice negativo reduz o aluguel (se o contrato prevê)
        </label>
        <Field
          meta={fields.readjustment_lag_months}
          label="Meses do índice"
          as="select"
          hint="Com defasagem de 1 mês, o índice já está publicado quando o aviso sai, 30 dias antes."
        >
          <option value="1">Defasagem de 1 mês (aniversário em março: fevereiro a janeiro)</option>
          <option value="0">Sem defasagem (aniversário em março: março a fevereiro)</option>
        </Field>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button disabled={busy}>{busy ? "Salvando..." : SUBMIT_LABELS[mode]}</Button>
        <Link to="/admin/clients" className={buttonClass("secondary")}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
