import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// The workspace runs from its TypeScript sources: each package's `exports` has an "@adapterkit/source" condition
// beside the compiled dist/ (D134). Tests resolve with it, and so do the node processes they start (NODE_OPTIONS).
const SOURCE_CONDITION = "@adapterkit/source";

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, "module", "browser", "development|production"] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, "module", "node", "development|production"] } },
  test: {
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --conditions=${SOURCE_CONDITION}`.trim() },
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "conformance/src/**/*.test.ts",
      "conformance/test/**/*.test.ts",
      "adapters/*/src/**/*.test.ts",
      "adapters/*/test/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/lib/**/*.test.ts",
    ],
    // No kept connections between a test's requests (scripts/fresh-connection-per-fetch.ts, D626).
    setupFiles: ["scripts/fresh-connection-per-fetch.ts"],
    // A time-out stops a test that hangs; it is not a speed limit. Three files at once on two loaded cores stretch a
    // 10 s test towards 20, so the default leaves it room three times over (D629); tests that wait longer say so.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Most files spend their time waiting on the processes, sockets and databases they start, so one file per core
    // leaves the cores idle; on a 2-core machine three at once halve the suite's time (D578). `--maxWorkers` wins.
    maxWorkers: Math.max(3, availableParallelism()),
    typecheck: { enabled: true, include: ["**/*.test-d.ts"], tsconfig: "./tsconfig.typetests.json" },
  },
});
