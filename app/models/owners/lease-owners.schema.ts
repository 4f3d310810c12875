import { z } from "zod";
import { formatPercent, percentToBp } from "#app/models/billing/charges";
import { idField, plainText } from "#app/models/shared/fields";

// "Proprietários do contrato" (issue 36, docs/decisions/0067-co-owners.md):
// who receives the rent and in what share. Client-safe.

// The whole in basis points: the shares of a contract sum to it.
export const SHARES_WHOLE = 10_000;
// Rows the form offers (heirs of a property are rarely more).
export const MAX_LEASE_OWNERS = 6;

export const LEASE_OWNERS_MESSAGES = {
  saved: "Proprietários do contrato salvos",
  notFound: "Cliente não encontrado",
  saveFailed: "Não foi possível salvar os proprietários. Tente novamente.",
  owner: "Escolha um proprietário da lista.",
  none: "Escolha ao menos um proprietário.",
  repeated: "Este proprietário já está no contrato.",
  share: "Informe a quota em %, como 50 ou 33,33.",
  shareMissing: "Informe a quota deste proprietário.",
  sum: (bp: number) => `As quotas somam ${formatPercent(bp)}%: devem somar 100%.`,
} as const;

const shareField = plainText()
  .max(6, LEASE_OWNERS_MESSAGES.share)
  .transform((v, ctx) => {
    const bp = percentToBp(v.replace("%", ""));
    if (bp === null || bp <= 0 || bp > SHARES_WHOLE) {
      ctx.addIssue({ code: "custom", message: LEASE_OWNERS_MESSAGES.share });
      return z.NEVER;
    }
    return bp;
  })
  .optional();

const rows = Array.from({ length: MAX_LEASE_OWNERS }, (_, i) => i + 1);

// The form's fields, as Conform reads their constraints (it reads no
// transform at the top).
export const leaseOwnersFields = z.object(
  Object.fromEntries(
    rows.flatMap((n) => [
      [`owner_${n}`, idField(LEASE_OWNERS_MESSAGES.owner).optional()],
      [`share_${n}`, shareField],
    ]),
  ) as Record<`owner_${number}`, z.ZodOptional<ReturnType<typeof idField>>> &
    Record<`share_${number}`, typeof shareField>,
);

export const leaseOwnersSchema = leaseOwnersFields.transform((v, ctx) => {
  const values = v as Record<string, number | undefined>;
  const owners: { ownerId: number; shareBp: number; row: number }[] = [];
  for (const n of rows) {
    const ownerId = values[`owner_${n}`];
    const share = values[`share_${n}`];
    if (ownerId === undefined) continue;
    if (owners.some((o) => o.ownerId === ownerId)) {
      ctx.addIssue({ code: "custom", path: [`owner_${n}`], message: LEASE_OWNERS_MESSAGES.repeated });
      continue;
    }
    owners.push({ ownerId, shareBp: share ?? 0, row: n });
  }
  if (owners.length === 0) {
    ctx.addIssue({ code: "custom", path: ["owner_1"], message: LEASE_OWNERS_MESSAGES.none });
    return z.NEVER;
  }
  // One owner: the whole, whatever the share field says.
  if (owners.length === 1) return { owners: [{ ownerId: owners[0].ownerId, shareBp: SHARES_WHOLE }] };
  for (const o of owners)
    if (o.shareBp === 0)
      ctx.addIssue({ code: "custom", path: [`share_${o.row}`], message: LEASE_OWNERS_MESSAGES.shareMissing });
  const sum = owners.reduce((s, o) => s + o.shareBp, 0);
  if (owners.every((o) => o.shareBp > 0) && sum !== SHARES_WHOLE)
    ctx.addIssue({ code: "custom", path: [], message: LEASE_OWNERS_MESSAGES.sum(sum) });
  return { owners: owners.map(({ ownerId, shareBp }) => ({ ownerId, shareBp })) };
});

export type LeaseOwnersInput = z.output<typeof leaseOwnersSchema>;
