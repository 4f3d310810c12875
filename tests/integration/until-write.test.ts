import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { keptKeys, untilWrite } from "#app/models/shared/until-write.server";
import { tempDatabase } from "#tests/fixtures/temp-db";

// untilWrite (app/models/shared/until-write.server.ts): a value kept until the
// next write, a few of each kind.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-until-write-"));
});
afterAll(async () => {
  await cleanup();
});

// How many times each key was computed.
const computed = new Map<string, number>();
const read = (key: string) =>
  untilWrite(db, key, async () => {
    computed.set(key, (computed.get(key) ?? 0) + 1);
    return `${key} #${computed.get(key)}`;
  });

const write = () =>
  db
    .insertInto("login_attempts")
    .values({ key: `k${computed.size}-${Date.now()}`, failures: 1, window_started_at: new Date().toISOString() })
    .execute();

describe("untilWrite", () => {
  it("keeps a value until anything is written, then computes it again", async () => {
    expect(await read("attention:2026-11-29")).toBe("attention:2026-11-29 #1");
    expect(await read("attention:2026-11-29")).toBe("attention:2026-11-29 #1");
    await write();
    expect(await read("attention:2026-11-29")).toBe("attention:2026-11-29 #2");
  });

  it("keeps four values of a kind, dropping the oldest, and never another kind's", async () => {
    await read("transfers:2026-10");
    for (const page of [1, 2, 3, 4, 5]) await read(`statement-review:2:${page}`);
    // The fifth page pushed the first out; the month's Repasses stayed.
    expect(await read("statement-review:2:1")).toBe("statement-review:2:1 #2");
    expect(await read("statement-review:2:5")).toBe("statement-review:2:5 #1");
    expect(await read("transfers:2026-10")).toBe("transfers:2026-10 #1");
    expect(await read("attention:2026-11-29")).toBe("attention:2026-11-29 #2");
  });

  it("lets go of every value once anything is written, not only the one asked again", async () => {
    await read("dimob:2025");
    expect(keptKeys(db)).toContain("dimob:2025");
    await write();
    await read("attention:2026-11-29");
    // The year's DIMOB is not held until someone asks for it again.
    expect(keptKeys(db)).toEqual(["attention:2026-11-29"]);
  });
});
