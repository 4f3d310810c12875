import type { Kysely, Transaction } from "kysely";
import type { Database, HolidayScope } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { addDays } from "#app/models/shared/days";
import { GRACE_MAX_DAYS, graceUntil } from "./grace";

// The holidays table (migration 0034; docs/decisions/0066-lease-dates.md):
// days that are not business days for a payment in Três Lagoas, as data staff
// edit in "Feriados". Every billing is given its grace day (grace.ts) from it.

type DB = Kysely<Database> | Transaction<Database>;

// The holidays from `from` to `to` ("yyyy-MM-dd", both included).
export async function holidaysBetween(db: DB, from: string, to: string): Promise<Set<string>> {
  const rows = await db.selectFrom("holidays").select("day").where("day", ">=", from).where("day", "<=", to).execute();
  return new Set(rows.map((r) => r.day));
}

// The grace day of each due date, from one read of the holidays around them.
export async function gracesFor(db: DB, dueDates: readonly string[]): Promise<Map<string, string>> {
  const graces = new Map<string, string>();
  if (dueDates.length === 0) return graces;
  const sorted = [...dueDates].sort();
  const holidays = await holidaysBetween(db, sorted[0], addDays(sorted.at(-1)!, GRACE_MAX_DAYS));
  for (const due of dueDates) graces.set(due, graceUntil(due, holidays));
  return graces;
}

export async function graceFor(db: DB, dueDate: string): Promise<string> {
  return (await gracesFor(db, [dueDate])).get(dueDate)!;
}

// A year's holidays, by day.
export async function listHolidays(db: DB, year: number) {
  return db
    .selectFrom("holidays")
    .selectAll()
    .where("day", ">=", `${year}-01-01`)
    .where("day", "<=", `${year}-12-31`)
    .orderBy("day")
    .execute();
}

// The years the table has days for, and whether a year has any (the page's
// warning when the next year's calendar is missing).
export async function holidayYears(db: DB): Promise<number[]> {
  const rows = await db
    .selectFrom("holidays")
    .select((eb) => eb.fn<string>("substr", ["day", eb.val(1), eb.val(4)]).as("year"))
    .groupBy("year")
    .orderBy("year")
    .execute();
  return rows.map((r) => Number(r.year));
}

export type HolidayInput = { day: string; name: string; scope: HolidayScope; source: string };

// Adds or replaces a day, with its audit row, and gives the open billings
// due near it their grace day again.
export async function saveHoliday(db: Kysely<Database>, input: HolidayInput, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("holidays").selectAll().where("day", "=", input.day).executeTakeFirst();
    const values = {
      day: input.day,
      name: input.name,
      scope: input.scope,
      source: input.source,
      updated_by_name: actor?.name ?? "Sistema",
      updated_at: new Date().toISOString(),
    };
    if (before) await trx.updateTable("holidays").set(values).where("day", "=", input.day).execute();
    else await trx.insertInto("holidays").values(values).execute();
    await recordAudit(trx, {
      actor,
      action: before ? "update" : "create",
      entity: "holiday",
      entityId: input.day,
      before: before ? { name: before.name, scope: before.scope, source: before.source } : undefined,
      after: { name: input.name, scope: input.scope, source: input.source },
    });
    return regrace(trx, input.day);
  });
}

// Removes a day (false: it was not there), with its audit row.
export async function removeHoliday(db: Kysely<Database>, day: string, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("holidays").selectAll().where("day", "=", day).executeTakeFirst();
    if (!before) return false;
    await trx.deleteFrom("holidays").where("day", "=", day).execute();
    await recordAudit(trx, {
      actor,
      action: "delete",
      entity: "holiday",
      entityId: day,
      before: { name: before.name, scope: before.scope, source: before.source },
    });
    await regrace(trx, day);
    return true;
  });
}

// The open billings whose grace may run over `day` (due within
// GRACE_MAX_DAYS before it) and on which no multa or juros were charged yet
// (accrued_through NULL: what the ledger posted stays as posted), given their
// grace day again. Returns how many changed.
async function regrace(trx: Transaction<Database>, day: string) {
  const open = await trx
    .selectFrom("billing")
    .select(["id", "due_date", "grace_until", "status"])
    .where("status", "in", ["pending", "overdue"])
    .where("due_date", ">=", addDays(day, -GRACE_MAX_DAYS))
    .where("due_date", "<=", day)
    .where("accrued_through", "is", null)
    .execute();
  const graces = await gracesFor(
    trx,
    open.map((b) => b.due_date),
  );
  let changed = 0;
  for (const b of open) {
    const grace = graces.get(b.due_date)!;
    if (grace === b.grace_until) continue;
    await trx
      .updateTable("billing")
      .set({ grace_until: grace, updated_at: new Date().toISOString() })
      .where("id", "=", b.id)
      .execute();
    changed += 1;
  }
  return changed;
}
