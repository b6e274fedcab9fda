import type { BrokenAdapter } from "../run-against.ts";

/** Reads `text` without checking it is there, and crashes on a body without it. */
export const missingFields500: BrokenAdapter = {
  fault: "500 on a body with missing fields",
  adapter: {
    overrides: {
      format: (request) => {
        const json = request.json as { text?: unknown } | undefined;
        return json !== undefined && json !== null && typeof json === "object" && !("text" in json)
          ? {
              status: 500,
              body: {
                ok: false,
                error: "Cannot read properties of undefined (reading 'length')",
                code: "internal_error",
              },
            }
          : undefined;
      },
    },
  },
  caughtBy: ["robustness.missing-fields"],
};
