import fs from "node:fs/promises";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { privateFilePath } from "#app/models/files/private-store.server";
import { lineDigits } from "./match";
import { readBoleto } from "./read-boleto.server";

// A carnê page holds several boletos (decision 0038): the reader fills the
// draft with the first and lists all of them; staff may choose another. The
// choice reads the stored file again (a page with a text layer takes tens of
// milliseconds) rather than trusting a line sent by the browser, so the draft
// only ever holds values the reader took from that file.

export async function chooseBoletoSlip(
  db: Kysely<Database>,
  id: number,
  index: number,
): Promise<{ ok: true; count: number } | { ok: false; reason: "gone" | "no-slip" }> {
  const draft = await db
    .selectFrom("boleto_queue")
    .select(["file_key"])
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  if (!draft) return { ok: false, reason: "gone" };
  const reading = await readBoleto(new Uint8Array(await fs.readFile(privateFilePath(draft.file_key))));
  const slip = reading.slips?.[index];
  if (!slip) return { ok: false, reason: "no-slip" };
  const updated = await db
    .updateTable("boleto_queue")
    .set({
      due_date: slip.dueDate,
      amount_cents: slip.amountCents,
      // The text's month belongs to the first slip; each slip's month is its due date's.
      month_year: index === 0 ? reading.monthYear : (slip.dueDate?.slice(0, 7) ?? null),
      digitable_line: lineDigits(slip.digitableLine),
      source: reading.source,
    })
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, reason: "gone" };
  return { ok: true, count: reading.slips!.length };
}
