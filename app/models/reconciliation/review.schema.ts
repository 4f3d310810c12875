import { z } from "zod";
import { parseId } from "#app/utils/ids";
import { STATEMENT_MESSAGES } from "./labels";

// "Importar extrato": the bank's file (its content is judged by the parser).
export const statementUploadSchema = z.object({
  file: z.file({ error: STATEMENT_MESSAGES.chooseFile }).refine((file) => file.size > 0, STATEMENT_MESSAGES.chooseFile),
});

// "Confirmar" of an import's review (routes/admin/statements/review.tsx):
// `accept` (a matched line, checked; repeated) and `assign-<line>` (a billing
// id for an unmatched line, or empty: ignore). A box or a select is read as
// posted, and an id that is not one is left out (nothing to settle), as the
// page never posts one; the model refuses what is not the import's.
// Client-safe (the review's form keeps the choices with this type).
//
// The review is paginated (issue 34), and Confirmar still settles the whole
// statement: the form says which lines its page showed (`escopo=pagina` and
// one `linha` per line); for those the boxes and selects decide, every other
// exact match of the statement is accepted as proposed (the page says so).
// `shown` null: the post names every choice itself (nothing by default).
//
// The page computes its proposals when it is read (issue 35: a billing
// created after the import is proposed), so the billing a checked box
// accepts is the one the page showed: `proposta-<line>` (a billing id) for
// each match shown; without it, the import's stored proposal. The model
// checks it as it checks an assignment (the billing exists, is not paid, is
// chosen once).

//
// Issue 35, returns and second credits (0037): `creditar` (a line id,
// checked) with `credito-<line>` (the paid billing it names): a second credit
// for a billing already paid, received as the tenant's credit; `devolver` (a
// debit line id, checked) with `devolucao-<line>` (what the page showed it
// returns: `c<ledger credit>` or `l<credit line of the import>`).

export type Choice = { lineId: number; billingId: number };
export type ReturnChoice = { lineId: number; target: string };
export type Confirmation = {
  accept: readonly number[];
  assign: readonly Choice[];
  shown?: readonly number[] | null;
  proposals?: readonly Choice[];
  tenantCredit?: readonly Choice[];
  returns?: readonly ReturnChoice[];
};

const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export const statementConfirmSchema = z.record(z.string(), z.unknown()).transform((form): Confirmation => {
  const accept = asList(form.accept).flatMap((v) => parseId(v) ?? []);
  const choices = (prefix: string) =>
    Object.entries(form).flatMap(([name, value]) => {
      const lineId = name.startsWith(prefix) ? parseId(name.slice(prefix.length)) : null;
      const billingId = parseId(value);
      return lineId !== null && billingId !== null ? [{ lineId, billingId }] : [];
    });
  const shown = form.escopo === "pagina" ? asList(form.linha).flatMap((v) => parseId(v) ?? []) : null;
  const ids = (name: string) => new Set(asList(form[name]).flatMap((v) => parseId(v) ?? []));
  const credit = ids("creditar");
  const back = ids("devolver");
  return {
    accept: [...new Set(accept)],
    assign: choices("assign-"),
    shown,
    proposals: choices("proposta-"),
    tenantCredit: choices("credito-").filter((c) => credit.has(c.lineId)),
    returns: [...back].flatMap((lineId) => {
      const target = form[`devolucao-${lineId}`];
      return typeof target === "string" && target.length <= 20 ? [{ lineId, target }] : [];
    }),
  };
});
