import { describe, expect, it } from "vitest";
import { MAX_REMINDER_IDS, noReminders, readReminderPost, reminderSummary } from "./bulk-reminders";

const form = (pairs: [string, string][]) => new URLSearchParams(pairs);

describe("the bulk reminder's post", () => {
  it("reads the ticked rows, each once, and counts what is not an id", () => {
    expect(
      readReminderPost(
        form([
          ["cobranca", "12"],
          ["cobranca", "7"],
          ["cobranca", "12"],
          ["cobranca", "abc"],
          ["cobranca", "1e3"],
          ["na-pagina", "30"],
        ]),
      ),
    ).toEqual({ ok: true, ids: [12, 7], unreadable: 2 });
  });

  it("takes the page's rows when 'Selecionar todas desta página' is ticked", () => {
    const pairs: [string, string][] = [
      ["cobranca", "5"],
      ["na-pagina", "5"],
      ["na-pagina", "6"],
    ];
    expect(readReminderPost(form([...pairs, ["toda-pagina", "1"]]))).toEqual({ ok: true, ids: [5, 6], unreadable: 0 });
    expect(readReminderPost(form(pairs))).toEqual({ ok: true, ids: [5], unreadable: 0 });
  });

  it("refuses more ids than the cap, a field sent twice, and the box with another value", () => {
    const many = Array.from({ length: MAX_REMINDER_IDS + 1 }, (_, i): [string, string] => ["cobranca", String(i + 1)]);
    expect(readReminderPost(form(many))).toEqual({ ok: false, reason: "too-many" });
    expect(readReminderPost(form(many.slice(1)))).toMatchObject({ ok: true });
    expect(
      readReminderPost(
        form([
          ["toda-pagina", "1"],
          ["toda-pagina", "1"],
        ]),
      ),
    ).toEqual({ ok: false, reason: "malformed" });
    expect(
      readReminderPost(
        form([
          ["pagina", "2"],
          ["pagina", "3"],
        ]),
      ),
    ).toEqual({ ok: false, reason: "malformed" });
    expect(readReminderPost(form([["toda-pagina", "sim"]]))).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("the bulk reminder's summary", () => {
  it("says what was sent, what went today already and why the rest was refused", () => {
    expect(reminderSummary({ sent: 2, already: 1, refused: { missing: 2, "not-overdue": 1, "no-email": 1 } })).toBe(
      "2 lembretes enviados. 1 já enviado hoje. 4 recusados: 1 sem email, 1 não está em atraso, 2 não encontradas.",
    );
    expect(reminderSummary({ ...noReminders(), sent: 1 })).toBe("1 lembrete enviado.");
    expect(reminderSummary({ ...noReminders(), already: 3 })).toBe("3 já enviados hoje.");
    expect(reminderSummary({ ...noReminders(), refused: { missing: 0, "not-overdue": 2, "no-email": 0 } })).toBe(
      "2 recusados: 2 não estão em atraso.",
    );
    expect(reminderSummary(noReminders())).toBe("Nenhuma cobrança selecionada.");
  });
});
