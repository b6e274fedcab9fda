import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "conformance/src/**/*.test.ts",
      "conformance/test/**/*.test.ts",
      "adapters/*/src/**/*.test.ts",
      "adapters/*/test/**/*.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    typecheck: { enabled: true, include: ["**/*.test-d.ts"], tsconfig: "./tsconfig.typetests.json" },
  },
});
