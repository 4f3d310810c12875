import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink } from "#app/components/ui/icons";
import { Form, data, useLocation } from "react-router";
import { PageHeader } from "#app/components/site/page-header";
import { SimulationResult } from "#app/components/site/simulation-result";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { serverForm } from "#app/components/ui/server-form";
import { BANK_SIMULATOR_URL } from "#app/config/agency";
import { monthlyRateFromAnnual, simulate } from "#app/models/financing/amortization";
import { MAX_MONTHS, SYSTEMS } from "#app/models/financing/options";
import { minimumDownPayment, simulatorSchema } from "#app/models/financing/simulator.schema";
import { getAgency } from "#app/utils/env.server";
import { formatBRL } from "#app/models/shared/money";
import { parseBRL } from "#app/models/shared/money";
import { seo } from "#app/utils/seo";
import type { Route } from "./+types/simulator";

const DEFAULT_MONTHS = "360";
const DEFAULT_RATE = "10,5";
// The answer's figures sit below the form on a phone: land on them.
const ACTION = "/simulador#resultado";

export function meta({ matches, location }: Route.MetaArgs) {
  return seo({
    matches,
    title: "Simulador de Financiamento Imobiliário",
    description:
      "Simule o financiamento do seu imóvel em Três Lagoas - MS: primeira e última parcela, total de juros e a evolução mês a mês, nos sistemas SAC e PRICE.",
    path: "/simulador",
    // Each set of figures is a URL; only the empty simulator is a page for search engines.
    noindex: location.search !== "",
  });
}

// "450.000,00": an amount as the fields show it.
function amountText(centavos: number) {
  return formatBRL(centavos).replace(/^R\$\s*/, "");
}

// The form is a GET, so a simulation is a URL (shareable, works without
// JavaScript). Computed here, on the server; the browser gets only figures.
export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const { minDownPaymentPercent } = getAgency();
  const schema = simulatorSchema(minDownPaymentPercent);
  const base = { constraint: getZodConstraint(schema), minDownPaymentPercent };
  // Not sent yet (the form always sends `sistema`): fill it in, with the
  // value a property page passes and the smallest down payment, no errors.
  if (!params.has("sistema")) {
    const value = parseBRL(params.get("valor")?.slice(0, 30) ?? "");
    const valid = typeof value === "number" && value > 0;
    const defaultValue = {
      valor: valid ? amountText(value) : "",
      entrada: valid ? amountText(minimumDownPayment(value, minDownPaymentPercent)) : "",
      prazo: DEFAULT_MONTHS,
      juros: DEFAULT_RATE,
      sistema: "SAC",
    };
    return { ...base, result: undefined, defaultValue, simulation: null, system: null };
  }
  const submission = parseWithZod(params, { schema });
  if (submission.status !== "success") {
    return data(
      { ...base, result: submission.reply(), defaultValue: undefined, simulation: null, system: null },
      { status: 400 },
    );
  }
  const v = submission.value;
  const simulation = simulate({
    financed: v.valor - v.entrada,
    months: v.prazo,
    monthlyRate: monthlyRateFromAnnual(v.juros),
    system: v.sistema,
  });
  return { ...base, result: submission.reply(), defaultValue: undefined, simulation, system: v.sistema };
}

export default function SimulatorPage({ loaderData }: Route.ComponentProps) {
  const { constraint, result, defaultValue, simulation, system, minDownPaymentPercent } = loaderData;
  const location = useLocation();
  // A new URL is a new simulation: the form starts from its answer.
  const formId = `simulador-${location.key}`;
  const { form, fields } = serverForm({ id: formId, lastResult: result, defaultValue, constraint });

  return (
    <>
      <PageHeader
        title="Simulador de Financiamento"
        subtitle="Veja quanto ficam as parcelas do seu imóvel em Três Lagoas: primeira e última parcela, total de juros e a evolução mês a mês."
      />
      {/* min-w-0: the month-by-month table scrolls inside its box instead of widening the page. */}
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-[380px_1fr]">
        <div className="min-w-0">
          <Form
            key={formId}
            method="get"
            action={ACTION}
            {...form}
            className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <Field
              meta={fields.valor}
              label="Valor do imóvel (R$) *"
              type="text"
              inputMode="decimal"
              placeholder="350.000,00"
            />
            <Field
              meta={fields.entrada}
              label="Entrada (R$) *"
              hint={`Pelo menos ${minDownPaymentPercent}% do valor do imóvel.`}
              type="text"
              inputMode="decimal"
              placeholder="70.000,00"
            />
            <div className="grid grid-cols-2 gap-4">
              <Field
                meta={fields.prazo}
                label="Prazo (meses) *"
                hint={`Até ${MAX_MONTHS}.`}
                type="text"
                inputMode="numeric"
              />
              <Field
                meta={fields.juros}
                label="Juros (% ao ano) *"
                hint="Taxa efetiva."
                type="text"
                inputMode="decimal"
              />
            </div>
            <Field meta={fields.sistema} label="Sistema de amortização *" as="select">
              {Object.entries(SYSTEMS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Field>
            <Button className="w-full" data-busy-label="Calculando...">
              Simular
            </Button>
          </Form>
          <p className="mt-4 text-sm text-slate-600">
            Simulação aproximada, sem seguros obrigatórios (MIP e DFI) e tarifas. As condições finais dependem da
            análise de crédito do banco.
          </p>
          <a
            href={BANK_SIMULATOR_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline"
          >
            Simular também no site da Caixa <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        </div>
        <div className="min-w-0">
          {simulation && system ? (
            <SimulationResult simulation={simulation} system={system} />
          ) : (
            <div className="rounded-xl border-2 border-dashed border-slate-200 p-8 text-slate-600">
              <h2 className="text-xl font-semibold text-slate-900">Como funciona</h2>
              <p className="mt-2">
                Informe o valor do imóvel, a entrada, o prazo e a taxa de juros anual. No <strong>SAC</strong> as
                parcelas começam maiores e diminuem a cada mês; na <strong>PRICE</strong> elas ficam iguais do começo ao
                fim, e o total de juros é maior.
              </p>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
