import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { compareWithEntry } from "#app/models/inspections/comparison.server";
import { sumCents } from "#app/models/shared/money";
import type { SettlementRepair } from "./settlement.schema";

// The repairs an "Acerto de saída" starts from (issue 38): the costs staff put
// on the worsened items of the lease's exit inspection ("Comparar com a
// entrada"), so the settlement and the "Comparativo de Vistorias" PDF show
// the same figures. Only defaults: staff can still change every row.

type DB = Kysely<Database>;

// The exit inspection that counts: the client's latest finalized one that no
// finalized correction replaces (a correction names the original in
// `replaces_id`; a draft correction replaces nothing yet).
export async function settlementExitId(db: DB, clientId: number): Promise<number | null> {
  const row = await db
    .selectFrom("inspections")
    .select("inspections.id")
    .where("inspections.client_id", "=", clientId)
    .where("inspections.kind", "=", "saida")
    .where("inspections.finalized_at", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("inspections as correction")
            .select("correction.id")
            .whereRef("correction.replaces_id", "=", "inspections.id")
            .where("correction.finalized_at", "is not", null),
        ),
      ),
    )
    .orderBy("inspections.date", "desc")
    .orderBy("inspections.id", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}

// The form's description field holds at most 120 characters.
const MAX_DESCRIPTION = 120;
const clip = (s: string) => (s.length <= MAX_DESCRIPTION ? s : `${s.slice(0, MAX_DESCRIPTION - 1)}…`);

// One row per worsened item with a cost ("Sala — Paredes"; the settlement
// writes "Reparo: " before it), paid to the owner. Past `rows` items, the last
// row sums the rest, so the settlement's repairs still add up to the
// comparison's total. Null: no finalized exit inspection.
export async function exitRepairs(db: DB, clientId: number, rows: number) {
  const exitId = await settlementExitId(db, clientId);
  if (exitId === null) return null;
  const compared = await compareWithEntry(db, exitId);
  if (!compared) return null;
  const costed: SettlementRepair[] = compared.rooms.flatMap((room) =>
    room.differences.flatMap((d) =>
      d.exit.repair_cost_cents
        ? [
            {
              description: clip(`${room.name} — ${d.exit.name}`),
              amount_cents: d.exit.repair_cost_cents,
              receiver: "owner" as const,
            },
          ]
        : [],
    ),
  );
  const rest = costed.slice(rows - 1);
  const repairs: SettlementRepair[] =
    costed.length <= rows
      ? costed
      : [
          ...costed.slice(0, rows - 1),
          {
            description: `Demais ${rest.length} itens do comparativo da vistoria nº ${exitId}`,
            amount_cents: sumCents(rest.map((r) => r.amount_cents)),
            receiver: "owner",
          },
        ];
  return { exitId, totalCents: compared.totalCents, repairs };
}
