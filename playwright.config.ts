import { defineConfig, devices } from "@playwright/test";
import { E2E_ENV } from "./tests/setup/e2e-env";
import { E2E_DIR, E2E_URL } from "./tests/setup/paths";

// Fix the scratch folder for the worker processes too (they re-import this file).
process.env.E2E_DIR = E2E_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  fullyParallel: false,
  // A test.only left in a commit would run that test alone and pass on CI.
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_URL,
    locale: "pt-BR",
    timezoneId: "America/Campo_Grande",
    trace: "off",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // Banner edits change the public home, which other files assert on: they run
  // after everything else instead of beside it.
  projects: [
    {
      name: "chromium",
      testIgnore: ["**/admin-banners.test.ts", "**/hostile-input.test.ts"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "banners",
      testMatch: "**/admin-banners.test.ts",
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // The hostile corpus compares whole tables before and after: it runs alone, last.
    {
      name: "hostile",
      testMatch: "**/hostile-input.test.ts",
      dependencies: ["banners"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    // The production build on a fresh database seeded with the demo content.
    command: "tsx scripts/e2e-server.ts",
    url: `${E2E_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // stdout is the access log, a line per request (thousands in a run);
    // warnings and errors arrive on stderr, which Playwright shows.
    stdout: "ignore",
    env: E2E_ENV,
  },
});
