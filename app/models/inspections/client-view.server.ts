import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { localToday } from "#app/models/shared/days";
import { documentStates } from "#app/models/documents/acceptance.server";
import { contestDeadline, contestsOf } from "./contests.server";
import { getInspection, type InspectionDetail } from "./inspections.server";

// What a tenant sees of inspections (docs/decisions/0044-inspections.md):
// only their own, only finalized ones.

type DB = Kysely<Database>;

// The client area's Vistoria tab: the client's own finalized inspections,
// newest first, whole (a draft is the agency's work in progress).
export async function listOwnInspections(db: DB, clientId: number) {
  const ids = await db
    .selectFrom("inspections")
    .select("id")
    .where("client_id", "=", clientId)
    .where("finalized_at", "is not", null)
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .execute();
  const found = await Promise.all(ids.map((r) => getInspection(db, r.id, clientId)));
  return found.filter((v): v is InspectionDetail => v !== null);
}

// The client area's view: each finalized inspection with its contests, the
// last day an entry inspection can be contested, and the finalized
// correction that replaces it, if any (a replaced one is no longer contested).
export async function clientInspectionTab(db: DB, clientId: number, today: string, contestDays: number) {
  const inspections = await listOwnInspections(db, clientId);
  const replacedBy = new Map(inspections.filter((v) => v.replaces_id).map((v) => [v.replaces_id!, v.id] as const));
  const documents = await documentStates(
    db,
    "inspection_report",
    inspections.map((v) => v.id),
  );
  return Promise.all(
    inspections.map(async (v) => {
      const deadline = contestDeadline(localToday(new Date(v.finalized_at!)), contestDays);
      const replaced = replacedBy.get(v.id) ?? null;
      return {
        ...v,
        contests: await contestsOf(db, v.id),
        replacedBy: replaced,
        // Its report to accept ("Ler e aceitar"), or the acceptance (decision 0080).
        document: documents.get(v.id) ?? null,
        deadline: v.kind === "entrada" ? deadline : null,
        contestOpen: v.kind === "entrada" && replaced === null && today <= deadline && !documents.get(v.id)?.accepted,
      };
    }),
  );
}
