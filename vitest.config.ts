import { defineConfig } from "vitest/config";

// Plain vitest config: the react-router vite plugin is deliberately not loaded.
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // A test's deadline catches a hang, not slowness: on the 2-core CI
    // machine, argon2 checks, a backup or a ZIP bomb's bounded inflate took
    // past vitest's 5 s default while other work ran beside them. Speed is
    // measured by the benchmark scripts (npm run bench*), not here.
    testTimeout: 30_000,
  },
});
