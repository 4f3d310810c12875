import { Download, FileCheck2, Trash2 } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { Button } from "#app/components/ui/button";
import { shortFileName } from "#app/models/billing/display";
import { stepText, willProcess } from "#app/models/boletos/display";
import type { BoletoStep, MatchableBilling } from "#app/models/boletos/match";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";

// The organised boletos awaiting processing (docs/product.md §Boletos: below
// the table, grouped by client, "Processar N Boletos", per-item download and
// remove). Stored rows (docs/decisions/0015-boleto-flow.md): a reload or
// another admin sees them.
// N counts the boletos that will create or join a billing (a month, a due
// date and an amount, a line not registered yet); each boleto says which
// (issue 19: a month already billed is joined, never billed twice).

export type AwaitingBoleto = {
  id: number;
  client_id: number;
  client_name: string;
  file_name: string;
  due_date: string | null;
  amount_cents: number | null;
  month_year: string | null;
  step: BoletoStep<MatchableBilling>;
};

const PROCESS = "/admin/clients/cobrancas/boletos/processar";
const names = new Intl.Collator("pt-BR", { sensitivity: "base" });
const smallButton =
  "inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50";

export function AwaitingBoletos({ items }: { items: AwaitingBoleto[] }) {
  const busy = useIsPending({ formAction: PROCESS });
  if (items.length === 0) return null;
  const ready = items.filter((b) => willProcess(b.step)).length;
  const groups = new Map<number, { name: string; items: AwaitingBoleto[] }>();
  for (const b of items) {
    const g = groups.get(b.client_id) ?? { name: b.client_name, items: [] };
    g.items.push(b);
    groups.set(b.client_id, g);
  }
  const sorted = [...groups.values()].sort((a, b) => names.compare(a.name, b.name));
  return (
    <section
      id="boletos-aguardando"
      aria-labelledby="boletos-aguardando-titulo"
      className="mx-2 mb-4 rounded-lg border border-amber-200 bg-amber-50/60 p-4 sm:mx-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="boletos-aguardando-titulo" className="text-base font-semibold text-slate-900">
          Boletos aguardando processamento ({items.length})
        </h3>
        <Form method="post" action={PROCESS} preventScrollReset>
          <Button name="intent" value="process" disabled={busy || ready === 0}>
            <FileCheck2 aria-hidden className="size-4" />{" "}
            {busy ? "Processando..." : `Processar ${ready} ${ready === 1 ? "Boleto" : "Boletos"}`}
          </Button>
        </Form>
      </div>
      <div className="mt-3 space-y-4">
        {sorted.map((g) => (
          <div key={g.name + g.items[0].client_id}>
            <h4 className="text-sm font-semibold text-slate-800">{g.name}</h4>
            <ul className="mt-2 divide-y divide-amber-200 rounded-md bg-white ring-1 ring-amber-200">
              {g.items.map((b) => (
                <li
                  key={b.id}
                  data-testid="awaiting-boleto"
                  className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
                >
                  <div className="min-w-0">
                    <Link
                      to={`/admin/clients/cobrancas/boletos/${b.id}`}
                      preventScrollReset
                      className="font-medium text-brand-800 underline"
                      title={b.file_name}
                    >
                      {shortFileName(b.file_name)}
                    </Link>
                    <p className="flex flex-wrap gap-x-3 text-slate-700">
                      <span className="whitespace-nowrap">
                        Vencimento: {b.due_date ? formatDay(b.due_date) : "Não encontrada"}
                      </span>
                      <span className="whitespace-nowrap">
                        Valor: {b.amount_cents !== null ? formatBRL(b.amount_cents) : "Não encontrado"}
                      </span>
                      <span className="whitespace-nowrap">
                        Referência: {b.month_year ? periodLabel(b.month_year) : "Não encontrada"}
                      </span>
                    </p>
                    <p
                      className={willProcess(b.step) ? "text-slate-700" : "text-amber-900"}
                      data-testid="awaiting-boleto-step"
                    >
                      {stepText(b.step, b)}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <a
                      href={`/arquivos/boletos/${b.id}?download=1`}
                      download
                      className={smallButton}
                      aria-label={`Baixar ${b.file_name}`}
                    >
                      <Download aria-hidden className="size-4" /> Baixar
                    </a>
                    <Form method="post" action={`/admin/clients/cobrancas/boletos/${b.id}?de=lista`} preventScrollReset>
                      <button
                        type="submit"
                        name="intent"
                        value="discard"
                        className={`${smallButton} text-red-800`}
                        aria-label={`Remover ${b.file_name}`}
                      >
                        <Trash2 aria-hidden className="size-4" /> Remover
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
