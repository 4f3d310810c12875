// npm run bench:side-by-side -- <dir A> <dir B>: the signed-in busy hour of
// `npm run bench -- --conectados` (issue 24), measured on two servers at once
// so that a change that lives outside the app's code (a dependency's version,
// a patched node_modules) can be judged on a shared, noisy machine. Each
// folder holds a `build/` (usually the same one, copied) and the
// `node_modules/` its server resolves (the runtime bundle leaves packages
// external, so `node build/runtime/server.js` loads them from the nearest
// node_modules). Both servers use one database and the same signed-in users;
// targets and sides alternate in rounds (the side that goes first swaps every
// round) and the load average is printed with each round, so both sides see
// the same load. Per side: the busy hour's p50/p99 pooled over the rounds and
// each round's p99, then the server's CPU per page back to back (saturation).
// Quick runs: SIDE_ROUNDS=2 SIDE_SECONDS=4.
import { spawn, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { busyHour } from "./lib/busy-hour";
import { percentile } from "./lib/mixed-load";
import { serverCpuMs } from "./lib/server-cpu";
import { createStaffUser, signIn } from "./lib/staff-session";
import { createBenchTenant, signInTenant } from "./lib/tenant-session";

const ROUNDS = Number(process.env.SIDE_ROUNDS ?? 4);
const SECONDS = Number(process.env.SIDE_SECONDS ?? 10);
const CPU_SECONDS = Number(process.env.SIDE_CPU_SECONDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
// As scripts/bench.ts: 20 people, a page every 500 ms each on average.
const PEOPLE = 20;
const THINK_MS = 500;
const GOAL_P99_MS = 100;

const dirs = process.argv.slice(2).filter((arg) => arg !== "--");
if (dirs.length !== 2) throw new Error("uso: npm run bench:side-by-side -- <pasta A> <pasta B>");
for (const dir of dirs) {
  for (const needed of ["build/runtime/server.js", "build/server/index.js", "node_modules"])
    if (!fs.existsSync(path.join(dir, needed))) throw new Error(`${dir}: falta ${needed}`);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-side-"));
const baseEnv = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  DATABASE_PATH: path.join(scratch, "app.db"),
  UPLOADS_DIR: path.join(scratch, "uploads"),
  OUTBOX_DIR: path.join(scratch, "outbox"),
  AGENCY_PIX_KEY: process.env.AGENCY_PIX_KEY ?? "123e4567-e12b-12d1-a456-426655440000",
  SESSION_SECRET: "bench-secret-that-is-long-enough-for-production",
  RATE_LIMIT_DISABLED: "1",
};

async function startServer(dir: string, port: number) {
  const env = { ...baseEnv, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` };
  const child = spawn("node", ["build/runtime/server.js"], {
    cwd: dir,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${dir}: o servidor terminou (${child.exitCode})`);
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`${dir}: o servidor não respondeu em 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { dir, url, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

execSync("node_modules/.bin/tsx scripts/seed-demo.ts", { env: { ...baseEnv, PORT: String(PORT) }, stdio: "ignore" });
// One after the other: the first migrates and runs the charging job, the second finds both done.
const sides = [await startServer(dirs[0], PORT), await startServer(dirs[1], PORT + 1)];
// Interrupted: the servers stop with the script.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    for (const side of sides) side.stop();
    process.exit(130);
  });
try {
  // One sign-in each; the session lives in the shared database, so the cookies work on both servers.
  // Accounts first, then the sign-ins (a kept-alive connection left idle while a
  // script runs may be closed by the server just as the next request goes out).
  const staff = createStaffUser(baseEnv);
  const tenant = createBenchTenant(baseEnv);
  const session = await signIn(sides[0].url, staff);
  const tenantSession = await signInTenant(sides[0].url, tenant);
  const pages = [
    { name: "área do cliente, 60 cobranças", path: "/client-area?tab=cobranca", cookie: tenantSession, goal: true },
    { name: "/admin/clients", path: "/admin/clients", cookie: session, goal: true },
    { name: "/admin/properties", path: "/admin/properties", cookie: session, goal: true },
    { name: "/admin/perfil (página mínima)", path: "/admin/perfil", cookie: session, goal: false },
    { name: "/robots.txt (sem renderizar)", path: "/robots.txt", cookie: session, goal: false },
  ];
  for (const side of sides)
    for (const page of pages) {
      const res = await fetch(side.url + page.path, { headers: { cookie: page.cookie }, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${side.dir} GET ${page.path}: status ${res.status} (esperado 200)`);
    }

  const order = (round: number) => (round % 2 ? [sides[1], sides[0]] : sides);
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ");
  console.log(`A = ${dirs[0]}\nB = ${dirs[1]}\n`);
  console.log(
    `Hora de movimento: ${PEOPLE} pessoas, uma página a cada ${THINK_MS} ms em média, ${SECONDS} s por alvo e lado, ${ROUNDS} rodadas`,
  );
  const busy = new Map<string, number[]>();
  const roundP99 = new Map<string, number[]>();
  const busyCpu = new Map<string, number[]>();
  const busyErrors = new Map<string, number[]>();
  const key = (side: number, page: string) => `${side}|${page}`;
  const push = <T>(map: Map<string, T[]>, k: string, ...values: T[]) => map.set(k, [...(map.get(k) ?? []), ...values]);
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`  rodada ${round + 1}: carga ${load()}`);
    for (const page of pages.filter((p) => p.goal)) {
      for (const side of order(round)) {
        const index = sides.indexOf(side);
        const options = { url: side.url + page.path, cookie: page.cookie, people: PEOPLE, thinkMs: THINK_MS };
        if (round === 0) await busyHour({ ...options, seconds: Math.min(2, SECONDS) });
        const cpuBefore = serverCpuMs(side.pid);
        const result = await busyHour({ ...options, seconds: SECONDS });
        // Under a heavy load the server may answer 503 (server/failure-answer.ts): counted, not measured.
        push(busyErrors, key(index, page.path), result.errors);
        push(busyCpu, key(index, page.path), (serverCpuMs(side.pid) - cpuBefore) / Math.max(1, result.requests));
        push(busy, key(index, page.path), ...result.latencies);
        push(roundP99, key(index, page.path), result.p99);
      }
    }
  }
  console.log(`  fim: carga ${load()}\n`);
  const median = (values: number[]) => percentile(values, 0.5);
  console.log(
    "alvo".padEnd(32),
    "lado".padEnd(5),
    "pedidos".padStart(8),
    "p50 ms".padStart(7),
    "p99 ms".padStart(7),
    "  p99 por rodada".padEnd(24),
    "CPU/pedido",
  );
  for (const page of pages.filter((p) => p.goal))
    for (const index of [0, 1]) {
      const all = busy.get(key(index, page.path)) ?? [];
      const p99 = percentile(all, 0.99);
      console.log(
        page.name.padEnd(32),
        "AB"[index].padEnd(5),
        String(all.length).padStart(8),
        percentile(all, 0.5).toFixed(0).padStart(7),
        p99.toFixed(0).padStart(7),
        `  ${(roundP99.get(key(index, page.path)) ?? []).join(", ")}`.padEnd(24),
        `${median(busyCpu.get(key(index, page.path)) ?? []).toFixed(1)} ms`,
        p99 < GOAL_P99_MS ? ` p99 < ${GOAL_P99_MS} ms` : ` p99 >= ${GOAL_P99_MS} ms`,
        `, ${(busyErrors.get(key(index, page.path)) ?? []).reduce((a, b) => a + b, 0)} erros`,
      );
    }
  console.log("");

  console.log(
    `Sem pausa (saturação), ${PEOPLE} conexões, ${CPU_SECONDS} s por alvo e lado: CPU por pedido, mediana das rodadas`,
  );
  const cpu = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`  rodada ${round + 1}: carga ${load()}`);
    for (const page of pages)
      for (const side of order(round)) {
        const options = { url: side.url + page.path, connections: PEOPLE, headers: { cookie: page.cookie } };
        if (round === 0) await autocannon({ ...options, duration: 1 });
        const before = serverCpuMs(side.pid);
        const result = await autocannon({ ...options, duration: CPU_SECONDS });
        if (result.non2xx || result.errors) throw new Error(`${side.dir} ${page.path}: erros`);
        push(
          cpu,
          key(sides.indexOf(side), page.path),
          (serverCpuMs(side.pid) - before) / Math.max(1, result.requests.total),
        );
      }
  }
  for (const page of pages) {
    const [a, b] = [0, 1].map((index) => cpu.get(key(index, page.path)) ?? []);
    const change = (median(b) / median(a) - 1) * 100;
    console.log(
      `  ${page.name.padEnd(32)} A ${median(a).toFixed(1).padStart(5)} ms  B ${median(b).toFixed(1).padStart(5)} ms  (B ${change >= 0 ? "+" : ""}${change.toFixed(0)}%)  rodadas A ${a.map((x) => x.toFixed(1)).join(" ")} | B ${b.map((x) => x.toFixed(1)).join(" ")}`,
    );
  }
} finally {
  for (const side of sides) side.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
}
