import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createClient } from "#app/models/clients/clients.server";
import { runHousekeepingInThread, stopHousekeepingThread } from "#app/models/ops/housekeeping-pool.server";
import { HOUSEKEEPING_TASKS, runHousekeeping } from "#app/models/ops/housekeeping.server";
import { addDays, localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { readOutbox } from "#tests/fixtures/eml";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The server's housekeeping in its worker thread
// (app/models/ops/housekeeping-pool.server.ts, docs/decisions/0058-scale-data-set.md):
// the same lists on DATABASE_PATH through the thread's own connection, each
// task's outcome and time back to the server, nothing done twice over two
// runs; and a run that ends between two tasks when the server stops.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "it-housekeeping-thread-"));
const outbox = path.join(root, "outbox");
let temp: Awaited<ReturnType<typeof tempDatabase>>;

beforeAll(async () => {
  temp = await tempDatabase("it-housekeeping-thread-");
  // Before the thread starts: it takes a copy of the environment.
  vi.stubEnv("DATABASE_PATH", temp.path);
  vi.stubEnv("OUTBOX_DIR", outbox);
  vi.stubEnv("UPLOADS_DIR", path.join(root, "uploads"));
  vi.stubEnv("SMTP_URL", "");
});

afterAll(async () => {
  await stopHousekeepingThread();
  await temp?.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe("the housekeeping thread", () => {
  it("runs the hourly list on DATABASE_PATH: the month due is billed and announced, once over two runs", async () => {
    // A month due 5 to 9 days from today (a day of the month up to 28, so none is clamped).
    const today = localToday();
    const due = [5, 6, 7, 8, 9].map((k) => addDays(today, k)).find((d) => Number(d.slice(8)) <= 28)!;
    const created = await createClient(
      temp.db,
      {
        name: "Inquilina da Thread",
        email: "thread@teste.com.br",
        username: "thread",
        password: "senha-forte-123",
        contract_start_date: `${addDays(today, -300).slice(0, 7)}-01`,
        contract_end_date: addDays(today, 400),
        payment_due_day: Number(due.slice(8)),
        monthly_rent: cents(100000),
      },
      null,
    );
    if (!created.ok) throw new Error(created.message);
    await temp.db
      .updateTable("clients")
      .set({ created_at: new Date(Date.now() - 400 * 86_400_000).toISOString() })
      .where("id", "=", created.id)
      .execute();

    const first = await runHousekeepingInThread("hourly");
    expect(first.map((t) => t.name)).toEqual(HOUSEKEEPING_TASKS.map((t) => t.name));
    expect(first.filter((t) => !t.ok)).toEqual([]);
    expect(first.every((t) => t.ms >= 0)).toBe(true);
    expect(first.find((t) => t.name === "charging")?.result).toEqual({
      created: 1,
      markedOverdue: 0,
      notices: { queued: 1, sent: 1, failed: 0 },
    });
    const billings = await temp.db
      .selectFrom("billing")
      .select("due_date")
      .where("client_id", "=", created.id)
      .execute();
    expect(billings).toEqual([{ due_date: due }]);

    const second = await runHousekeepingInThread("hourly");
    expect(second.find((t) => t.name === "charging")?.result).toEqual({
      created: 0,
      markedOverdue: 0,
      notices: { queued: 0, sent: 0, failed: 0 },
    });
    expect(readOutbox(outbox).map((m) => m.to)).toEqual(["thread@teste.com.br"]);
  }, 60_000);

  it("copies the write-ahead log into the database every minute, on the thread's connection", async () => {
    // A write of this connection that leaves pages in the log (its own
    // autocheckpoint, 1,000 pages, is not reached).
    await temp.db
      .insertInto("audit_log")
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
          actor_id: null,
          actor_name: "Checkpoint",
          action: "update",
          entity: "property",
          entity_id: String(i),
          changes: JSON.stringify({ description: ["", "x".repeat(500)] }),
        })),
      )
      .execute();
    const results = await runHousekeepingInThread("emails");
    const checkpoint = results.find((r) => r.name === "wal checkpoint");
    expect(checkpoint?.ok).toBe(true);
    const done = checkpoint?.result as { busy: number; log: number; checkpointed: number };
    expect(done.log).toBeGreaterThan(0);
    expect(done.checkpointed).toBe(done.log);
  });

  it("ends a run between two tasks once asked to stop", async () => {
    const ran: string[] = [];
    const task = (name: string) => ({ name, run: async () => void ran.push(name) });
    const results = await runHousekeeping(temp.db, [task("a"), task("b"), task("c")], {
      stopped: () => ran.length >= 1,
    });
    expect(ran).toEqual(["a"]);
    expect(results.map((r) => [r.name, r.ok])).toEqual([["a", true]]);
  });
});
