import { z } from "zod";
import { TRANSFER_MESSAGES } from "./transfer.schema";

// The bulk form of Repasses (routes/admin/transfers/index.tsx): one date for
// all, and a checkbox per owner whose value is "<owner id>:<net centavos the
// page showed>", so that each owner's amount is checked as on the owner's own
// statement. At most a page's worth and some: a forged post stays bounded.
export const BULK_TRANSFER_LIMIT = 100;

export const BULK_TRANSFER_MESSAGES = {
  none: "Selecione ao menos um proprietário.",
  many: `Selecione no máximo ${BULK_TRANSFER_LIMIT} proprietários de uma vez.`,
  date: TRANSFER_MESSAGES.date,
} as const;

export type BulkRefusal = "done" | "empty" | "changed" | "owner" | "failed";

// Why an owner was refused, as the summary says it.
export const BULK_REFUSALS: Record<BulkRefusal, string> = {
  done: "o repasse deste mês já estava marcado como feito",
  empty: "nenhum recebimento a repassar neste mês",
  changed: "os recebimentos mudaram desde que a página foi aberta; confira o extrato",
  owner: "proprietário não encontrado",
  failed: "não foi possível registrar; tente novamente",
};

const pick = z
  .string()
  .regex(/^\d{1,12}:-?\d{1,15}$/)
  .transform((v) => {
    const [ownerId, net] = v.split(":").map(Number);
    return { ownerId, expectedNetCents: net };
  });

export const bulkTransferSchema = z.object({
  transferred_on: z
    .string({ error: BULK_TRANSFER_MESSAGES.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, BULK_TRANSFER_MESSAGES.date),
  repasse: z
    .array(pick, { error: BULK_TRANSFER_MESSAGES.none })
    .min(1, BULK_TRANSFER_MESSAGES.none)
    .max(BULK_TRANSFER_LIMIT, BULK_TRANSFER_MESSAGES.many)
    // One pick per owner, the first kept.
    .transform((picks) => picks.filter((p, i) => picks.findIndex((q) => q.ownerId === p.ownerId) === i)),
});
