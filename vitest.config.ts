import { defineConfig } from "vitest/config";

// Plain vitest config: the react-router vite plugin is deliberately not loaded.
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    pool: "forks",
  },
});
