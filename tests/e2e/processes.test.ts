import { execFileSync } from "node:child_process";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { startSecondServer, type SecondServer } from "#tests/fixtures/second-server";

// In production the server runs built JavaScript with `node` and, with
// WEB_CONCURRENCY above 1, as a primary process and that many workers sharing
// the port (server.ts, docs/decisions/0016-rendering-speed.md). A second
// server with two workers: both answer, a worker that dies is replaced while
// the other keeps answering, and stopping the server stops them all.

let server: SecondServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startSecondServer("processes", { WEB_CONCURRENCY: "2" });
});

test.afterAll(async () => {
  await server?.stop();
});

// The processes of the server's group running the built file: the primary
// (under the e2e launcher) and its workers.
function groupProcesses() {
  return execFileSync("ps", ["-eo", "pid=,ppid=,pgid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && Number(m[3]) === server.group)
    .map(([, pid, ppid, , args]) => ({ pid: Number(pid), ppid: Number(ppid), args }));
}

function workers() {
  return groupProcesses().filter((p) => /\bnode\b.*build\/runtime\/server\.js/.test(p.args));
}

// A GET on a new connection (fetch would reuse one the dead worker held).
function freshStatus(path: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

async function pagesAnswer(count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, () => fetch(`${server.url}/imoveis`, { headers: { Cookie: "__session=x" } })),
  );
  return answers.map((a) => a.status);
}

test("two workers answer on one port, running the built JavaScript without a TypeScript loader", async () => {
  // The primary says so once both workers listen; the first may answer before.
  await expect
    .poll(() =>
      server.log().some((l) => l.event === "server.listening" && l.mode === "production" && l.processes === 2),
    )
    .toBe(true);
  expect(await pagesAnswer(20)).toEqual(Array(20).fill(200));
  const running = workers();
  expect(running).toHaveLength(2);
  for (const worker of running) expect(worker.args).not.toMatch(/tsx/);
});

test("a worker that dies is replaced, and the other answers meanwhile", async () => {
  const [victim, survivor] = workers();
  process.kill(victim.pid, "SIGKILL");
  // Until the primary hears of the death it may still hand the dead worker a
  // connection (reset, as with any crash); from then on fresh connections land
  // on the survivor until the replacement listens.
  await expect
    .poll(() => server.log().some((l) => l.event === "worker.exited" && l.pid === victim.pid && l.signal === "SIGKILL"))
    .toBe(true);
  for (let i = 0; i < 10; i++) expect(await freshStatus("/sobre-nos")).toBe(200);
  await expect.poll(() => workers().map((w) => w.pid), { timeout: 20_000 }).toHaveLength(2);
  const now = workers().map((w) => w.pid);
  expect(now).toContain(survivor.pid);
  expect(now).not.toContain(victim.pid);
  for (let i = 0; i < 10; i++) expect(await freshStatus("/imoveis")).toBe(200);
});

test("stopping the server stops every worker", async () => {
  expect(workers()).toHaveLength(2);
  process.kill(workers()[0].ppid, "SIGTERM");
  await expect
    .poll(() => groupProcesses().filter((p) => /build\/runtime\/server\.js/.test(p.args)), { timeout: 10_000 })
    .toHaveLength(0);
});
