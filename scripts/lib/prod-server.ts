// Starts the production build on a fresh, seeded database in a scratch folder,
// for the benchmark and the Lighthouse audit. Returns its URL and a stop().
import { spawn, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export async function startProductionServer(port: number) {
  if (!fs.existsSync("build/runtime/server.js")) {
    console.log("build/ ausente: rodando npm run build...");
    execSync("npm run build", { stdio: "inherit" });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-bench-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_PATH: path.join(dir, "app.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    // The charging job at start emails the demo's notices: into the scratch folder.
    OUTBOX_DIR: path.join(dir, "outbox"),
    // Open billings draw their Pix QR Code, as an agency with a key would.
    AGENCY_PIX_KEY: process.env.AGENCY_PIX_KEY ?? "123e4567-e12b-12d1-a456-426655440000",
    SESSION_SECRET: "bench-secret-that-is-long-enough-for-production",
    RATE_LIMIT_DISABLED: "1",
  };
  execSync("node_modules/.bin/tsx scripts/seed-demo.ts", { env, stdio: "ignore" });
  const child = spawn("node", ["build/runtime/server.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("o servidor não respondeu em 60 s");
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    // The primary process; its workers are its children.
    pid: child.pid!,
    databasePath: env.DATABASE_PATH,
    // The server's environment, for scripts that must work on its database (npm run user:create).
    env,
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The first property page of the seeded database.
export async function firstPropertyPath(url: string) {
  const html = await (await fetch(`${url}/imoveis`)).text();
  const m = /href="(\/imoveis\/\d+)"/.exec(html);
  if (!m) throw new Error("nenhum imóvel na listagem");
  return m[1];
}
