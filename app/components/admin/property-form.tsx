import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Link, Form } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { CATEGORY_NAMES, STATUS_OPTIONS, type PropertyFormValues } from "#app/models/properties/admin/property.schema";
import {
  ADVERTISED_FOR,
  ADVERTISED_FOR_LABELS,
  FILTER_TYPES,
  PROPERTY_STATUSES,
  STANDARDS,
} from "#app/models/properties/options";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { PropertyImages, type ExistingImage } from "./property-images";

// One form for "Novo Imóvel" and "Editar Imóvel" (docs/product.md §Gestão de
// Imóveis), under the property's field names (§Entidades). A plain multipart
// POST: it works without JavaScript; the server validates everything and
// answers field errors with the typed values (file inputs excepted).

type ActionData = { result: SubmissionResult<string[]>; alert?: { title: string; description: string } } | undefined;

const countFields = [
  ["area", "Área (m²) *"],
  ["bedrooms", "Quartos"],
  ["suites", "Suítes"],
  ["bathrooms", "Banheiros"],
  ["parking_spaces", "Vagas"],
] as const;

export function PropertyForm({
  mode,
  propertyId,
  constraint,
  defaults,
  images,
  actionData,
}: {
  mode: "new" | "edit";
  propertyId?: number;
  constraint: FormConstraint;
  defaults: PropertyFormValues;
  images: ExistingImage[];
  actionData: ActionData;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: "property-form",
    lastResult: actionData?.result,
    defaultValue: defaults,
    constraint,
    shouldRevalidate: "onSubmit",
  });
  const initial = actionData?.result?.initialValue as Record<string, unknown> | null | undefined;

  const select = (
    name: "type" | "status" | "category" | "standard" | "advertised_for",
    label: string,
    options: readonly (readonly [string, string])[],
  ) => {
    const f = fields[name];
    return (
      <Field meta={f} label={label} as="select">
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Field>
    );
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      {actionData?.alert ? (
        <FormAlert title={actionData.alert.title} description={actionData.alert.description} />
      ) : null}
      {form.errors?.length ? <FormAlert title="Não foi possível salvar" description={form.errors[0]} /> : null}
      {propertyId != null ? <input type="hidden" name="id" value={propertyId} /> : null}

      <Field meta={fields.name} label="Nome do imóvel *" type="text" />

      <div className="grid gap-4 md:grid-cols-[1fr_1fr_2fr]">
        {select(
          "type",
          "Tipo",
          FILTER_TYPES.map((t) => [t, t] as const),
        )}
        {select(
          "status",
          "Status",
          STATUS_OPTIONS.map((s) => [s, PROPERTY_STATUSES[s].label] as const),
        )}
        {select(
          "category",
          "Categoria",
          CATEGORY_NAMES.map((c) => [c, c] as const),
        )}
      </div>

      <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <Field
          meta={fields.location}
          label="Localização *"
          type="text"
          placeholder="Rua, número - Bairro, Três Lagoas - MS"
        />
        <Field
          meta={fields.cep}
          label="CEP"
          hint="Necessário para os portais"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="79600-000"
        />
        <Field
          meta={fields.price}
          label="Preço (R$) *"
          hint="Ex.: 450.000,00 ou SOB CONSULTA"
          type="text"
          inputMode="decimal"
          placeholder="450.000,00"
        />
      </div>

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {countFields.map(([name, label]) => (
          <Field key={name} meta={fields[name]} label={label} type="number" min={0} step={1} inputMode="numeric" />
        ))}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        {select(
          "standard",
          "Padrão",
          STANDARDS.map((s) => [s, s] as const),
        )}
        {select(
          "advertised_for",
          "Modalidade (anunciado para)",
          ADVERTISED_FOR.map((a) => [a, `${a} (${ADVERTISED_FOR_LABELS[a]})`] as const),
        )}
      </div>

      <Field meta={fields.description} label="Descrição" as="textarea" rows={5} controlClassName="min-h-[120px]" />

      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            {...getInputProps(fields.featured, { type: "checkbox" })}
            key={fields.featured.key}
            className="size-4"
          />
          Destaque (aparece na home)
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            {...getInputProps(fields.is_exclusive, { type: "checkbox" })}
            key={fields.is_exclusive.key}
            className="size-4"
          />
          Exclusivo
        </label>
      </div>

      <PropertyImages
        existing={images}
        errors={actionData?.result?.error?.images ?? undefined}
        initial={initial}
        disabled={busy}
      />

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <Button disabled={busy}>
          {busy ? "Salvando..." : mode === "new" ? "Cadastrar imóvel" : "Salvar alterações"}
        </Button>
        <Link to="/admin/properties" className="rounded-md px-4 py-3 font-semibold text-slate-700 hover:bg-slate-100">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
