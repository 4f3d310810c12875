import net from "node:net";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { generateContractBillings } from "#app/models/billing/billing.server";
import { runChargingJob } from "#app/models/billing/jobs.server";
import { listBillingNotices } from "#app/models/billing/notices.server";
import { createClient } from "#app/models/clients/clients.server";
import { MAX_ATTEMPTS } from "#app/models/email/outbox.server";
import { parseEml, type ParsedEmail } from "#tests/fixtures/eml";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The charging job against SMTP (docs/decisions/0034-billing-notices.md): a
// server that refuses the connection leaves the notice unsent with its
// attempt and error, the job goes on; once SMTP answers, the next run sends
// it, once; a notice that failed MAX_ATTEMPTS times is left alone.

// A free port, closed for now: SMTP is "down" until `smtp.listen()`.
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});
vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
vi.stubEnv("APP_URL", "http://imobiliaria.test");

// Just enough of an SMTP server (RFC 5321) to take nodemailer's messages.
const received: ParsedEmail[] = [];
const smtp = net.createServer((socket) => {
  let buffer = "";
  let data: string[] | null = null;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply("220 test ESMTP");
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let end: number;
    while ((end = buffer.indexOf("\r\n")) !== -1) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) {
        if (line === ".") {
          received.push(parseEml(data.join("\r\n")));
          data = null;
          reply("250 OK queued");
        } else data.push(line.startsWith("..") ? line.slice(1) : line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "DATA") {
        data = [];
        reply("354 go ahead");
      } else if (verb === "QUIT") {
        reply("221 bye");
        socket.end();
      } else reply("250 OK");
    }
  });
});

const settings = { issueDays: 20, pix: null, cnpj: null };
const T = "2026-10-20";
let temp: Awaited<ReturnType<typeof tempDatabase>>;
let db: Kysely<Database>;
let billingId: number;

beforeAll(async () => {
  temp = await tempDatabase("it-charging-smtp-");
  db = temp.db;
  const created = await createClient(
    db,
    {
      name: "Inquilina",
      email: "inquilina@teste.com.br",
      username: "inquilina",
      password: "senha-forte-123",
      contract_start_date: "2026-10-01",
      contract_end_date: "2026-10-31",
      payment_due_day: 30,
      monthly_rent: cents(100000),
    },
    null,
  );
  if (!created.ok) throw new Error(created.message);
  // Stopped at its end (else, past it, it runs on with the real date: decision 0066).
  await db.updateTable("clients").set({ ended_on: "2026-10-31" }).where("id", "=", created.id).execute();
  await generateContractBillings(db, created.id, null);
  billingId = (await db.selectFrom("billing").select("id").executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await temp?.cleanup();
  await new Promise((resolve) => smtp.close(resolve));
  vi.unstubAllEnvs();
});

const at = (hour: number) => ({ today: T, now: new Date(`${T}T${String(hour).padStart(2, "0")}:00:00Z`), settings });

it("keeps a notice SMTP refused, with its attempt and error, and sends it once SMTP answers", async () => {
  const down = await runChargingJob(db, at(12));
  expect(down.notices).toEqual({ queued: 1, sent: 0, failed: 1 });
  const [failed] = await listBillingNotices(db, billingId);
  expect(failed).toMatchObject({ kind: "issued", sent_at: null, attempts: 1, gaveUp: false });
  expect(failed.last_error).toMatch(/ECONNREFUSED/);
  const claimed = await db.selectFrom("email_outbox").select(["claimed_by", "claimed_until"]).executeTakeFirstOrThrow();
  expect(claimed).toEqual({ claimed_by: null, claimed_until: null });

  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  const up = await runChargingJob(db, at(13));
  expect(up.notices).toEqual({ queued: 0, sent: 1, failed: 0 });
  const again = await runChargingJob(db, at(14));
  expect(again.notices).toEqual({ queued: 0, sent: 0, failed: 0 });

  expect(received.map((m) => [m.to, m.subject])).toEqual([
    ["inquilina@teste.com.br", "Cobrança disponível: aluguel de outubro de 2026"],
  ]);
  expect(await listBillingNotices(db, billingId)).toEqual([
    expect.objectContaining({ kind: "issued", sent_at: `${T}T13:00:00.000Z`, attempts: 1, gaveUp: false }),
  ]);
});

it("stops trying a notice after MAX_ATTEMPTS failures", async () => {
  await new Promise((resolve) => smtp.close(resolve));
  await db
    .updateTable("email_outbox")
    .set({ status: "queued", sent_at: null, attempts: MAX_ATTEMPTS - 1 })
    .where("ref", "=", `billing:${billingId}`)
    .execute();
  const last = await runChargingJob(db, at(15));
  expect(last.notices).toEqual({ queued: 0, sent: 0, failed: 1 });
  const after = await runChargingJob(db, at(16));
  expect(after.notices).toEqual({ queued: 0, sent: 0, failed: 0 });
  expect(await listBillingNotices(db, billingId)).toEqual([
    expect.objectContaining({ sent_at: null, attempts: MAX_ATTEMPTS, gaveUp: true }),
  ]);
});

it("never sends a notice another run holds, until its claim is stale", async () => {
  await db
    .updateTable("email_outbox")
    .set({ status: "queued", attempts: 0, claimed_by: "another run", claimed_until: `${T}T17:05:00.000Z` })
    .where("ref", "=", `billing:${billingId}`)
    .execute();
  // 17:00: claimed 5 minutes ago by a run still sending: left alone.
  expect((await runChargingJob(db, at(17))).notices).toEqual({ queued: 0, sent: 0, failed: 0 });
  // 18:00: the claim is over 10 minutes old (that run died): tried again (SMTP is down: failed).
  expect((await runChargingJob(db, at(18))).notices).toEqual({ queued: 0, sent: 0, failed: 1 });
});
