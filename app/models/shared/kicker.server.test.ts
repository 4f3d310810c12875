import { describe, expect, it } from "vitest";
import { kicker } from "./kicker.server";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("kicker", () => {
  it("runs once per kick when idle, and once more for any kicks during a run", async () => {
    const runs: string[] = [];
    let release: () => void = () => {};
    const kick = kicker("test.kick_failed", async (arg: string) => {
      runs.push(arg);
      if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    kick("first");
    await tick();
    expect(runs).toEqual(["first"]);
    // Two kicks while the first run waits: one more run after it (with the
    // latest argument), not two.
    kick("second");
    kick("third");
    await tick();
    expect(runs).toEqual(["first"]);
    release();
    await tick();
    expect(runs).toEqual(["first", "third"]);
    kick("later");
    await tick();
    expect(runs).toEqual(["first", "third", "later"]);
  });

  it("survives a failing run: the next kick runs again", async () => {
    let calls = 0;
    const kick = kicker("test.kick_failed", async () => {
      calls += 1;
      if (calls === 1) throw new Error("disk full");
    });
    kick(undefined);
    await tick();
    kick(undefined);
    await tick();
    expect(calls).toBe(2);
  });
});
