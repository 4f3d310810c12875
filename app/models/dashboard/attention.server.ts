import { owedOn } from "#app/models/ledger/owed";
import { pendingProofCount } from "#app/models/payment-proofs/proofs.server";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { missingIndexMonths } from "#app/models/owners/readjustment";
import { dueReadjustments } from "#app/models/owners/readjustments.server";
import { localToday, addDays } from "#app/models/shared/days";
import { untilWrite } from "#app/models/shared/until-write.server";
import { BILLING_GAPS_SHOWN, GUARANTEES_SHOWN, READJUSTMENTS_SHOWN, type Attention } from "./attention";
import { expiringGuarantees } from "#app/models/guarantees/guarantees.server";
import { unansweredApprovals } from "#app/models/maintenance/costs.server";
import { waitingBankRequestCount } from "#app/models/owners/bank-requests.server";
import { getEnv } from "#app/utils/env.server";

// The figures of the dashboard's "Atenção" block (attention.ts says what each
// one means). "Today" is the agency's day. Kept until the next write
// (until-write.server.ts): the readjustments due walk every contract with an
// index, ~100-200 ms at 5,000 contracts, and the dashboard is the page every
// staff member opens first (docs/decisions/0060-list-queries.md, "Painel").
export function getAttention(
  db: Kysely<Database>,
  today = localToday(),
  approvalDays = getEnv().OWNER_APPROVAL_DAYS,
): Promise<Attention> {
  return untilWrite(db, `attention:${today}`, () => readAttention(db, today, approvalDays));
}

async function readAttention(db: Kysely<Database>, today: string, approvalDays: number): Promise<Attention> {
  const horizon = addDays(today, 90);
  const [
    open,
    ending,
    withoutLogin,
    statements,
    differences,
    proofs,
    maintenance,
    contests,
    gaps,
    gapCount,
    indefinite,
    guarantees,
    approvalsLate,
    bankRequests,
  ] = await Promise.all([
    // Em Atraso as every view judges it (status.ts): stored overdue, or
    // pending past its due date (the hourly job may not have run yet).
    db
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select([
        "billing.client_id",
        "billing.amount_cents",
        "billing.due_date",
        "billing.grace_until",
        "billing.open_cents",
        "billing.rent_open_cents",
        "billing.accrued_through",
        "clients.late_fee_bp",
        "clients.monthly_interest_bp",
      ])
      .where((eb) =>
        eb.or([
          eb("billing.status", "=", "overdue"),
          eb.and([
            eb("billing.status", "=", "pending"),
            eb("billing.due_date", "<", today),
            eb("billing.grace_until", "<", today),
          ]),
        ]),
      )
      .execute(),
    // Contracts ended by staff ("Encerrar contrato") are no longer ending nor running.
    db
      .selectFrom("clients")
      .select("contract_end_date")
      .where("contract_end_date", ">=", today)
      .where("contract_end_date", "<=", horizon)
      .where("ended_on", "is", null)
      .execute(),
    db
      .selectFrom("clients")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "is", null)
      .where("contract_end_date", ">=", today)
      .where("ended_on", "is", null)
      .executeTakeFirst(),
    db
      .selectFrom("statement_imports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("confirmed_at", "is", null)
      .executeTakeFirst(),
    // The Cobranças tab's "Diferenças" queue (billing-queues.server.ts), on
    // its partial index (the status a literal, as the index has it).
    db
      .selectFrom("billing")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("payment_difference_cents", "is not", null)
      .where("difference_resolved_at", "is", null)
      .where(sql<boolean>`status = 'paid'`)
      .executeTakeFirst(),
    // "Comprovantes a conferir", on its partial index (payment-proofs/proofs.server.ts).
    pendingProofCount(db),
    // The tenants' new maintenance requests and unanswered contests, on
    // their partial indexes (migration 0034; the literal as the index has it).
    db
      .selectFrom("maintenance_requests")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(sql<boolean>`status = 'pending'`)
      .executeTakeFirst(),
    db
      .selectFrom("inspection_contests")
      .innerJoin("inspection_items", "inspection_items.id", "inspection_contests.item_id")
      .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("inspection_rooms.inspection_id").as("inspection")])
      .where("inspection_contests.answered_at", "is", null)
      .executeTakeFirst(),
    // Months the hourly job will not create (billing/gaps.server.ts writes the count).
    db
      .selectFrom("clients")
      .select(["id", "name", "billing_gap_months as months"])
      .where("billing_gap_months", ">", 0)
      .orderBy("name_fold")
      .orderBy("id")
      .limit(BILLING_GAPS_SHOWN)
      .execute(),
    db
      .selectFrom("clients")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("billing_gap_months", ">", 0)
      .executeTakeFirst(),
    // Past the term and not ended: an indefinite term (decision 0066).
    db
      .selectFrom("clients")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("contract_end_date", "<", today)
      .where("ended_on", "is", null)
      .executeTakeFirst(),
    expiringGuarantees(db, today, 60),
    unansweredApprovals(db, today, approvalDays),
    waitingBankRequestCount(db),
  ]);
  // Each billing at its own client's rates, rounded per billing as the
  // billing's own "Total a pagar hoje" is, so the sum matches the rows.
  // The soonest first: those are the ones the block shows.
  const due = (await dueReadjustments(db, today, 60)).sort(
    (a, b) => a.anniversary.localeCompare(b.anniversary) || a.clientId - b.clientId,
  );
  const totalDueTodayCents = open.reduce((sum, b) => sum + owedOn(b, today).total, 0);
  const within = (days: number) => {
    const last = addDays(today, days);
    return ending.filter((c) => c.contract_end_date! <= last).length;
  };
  return {
    overdue: { count: open.length, clients: new Set(open.map((b) => b.client_id)).size, totalDueTodayCents },
    ending: { within30: within(30), within60: within(60), within90: ending.length },
    withoutLogin: Number(withoutLogin?.n ?? 0),
    statementsToReview: Number(statements?.n ?? 0),
    differences: Number(differences?.n ?? 0),
    proofsToCheck: proofs,
    maintenancePending: Number(maintenance?.n ?? 0),
    contestsOpen: {
      count: Number(contests?.n ?? 0),
      firstInspectionId: (contests?.inspection as number | null) ?? null,
    },
    approvalsLate: { count: approvalsLate, days: approvalDays },
    bankRequests,
    billingGaps: { clients: gaps, count: Number(gapCount?.n ?? 0) },
    indefinite: Number(indefinite?.n ?? 0),
    guaranteesEnding: {
      within30: guarantees.filter((g) => g.valid_until! <= addDays(today, 30)).length,
      within60: guarantees.length,
      first: guarantees
        .slice(0, GUARANTEES_SHOWN)
        .map((g) => ({ clientId: g.client_id, name: g.name, validUntil: g.valid_until! })),
    },
    readjustments: due
      .slice(0, READJUSTMENTS_SHOWN)
      .map(({ clientId, clientName, anniversary, index, oldRent, newRent, missing }) => ({
        clientId,
        clientName,
        anniversary,
        index,
        oldRent,
        newRent,
        missing,
      })),
    readjustmentsDue: due.length,
    missingIndexLines: missingIndexMonths(due),
  };
}
