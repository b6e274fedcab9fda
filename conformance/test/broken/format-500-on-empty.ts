import type { BrokenAdapter } from "../run-against.ts";

/** Crashes on an empty text instead of formatting it (or refusing it with a 4xx). */
export const format500OnEmpty: BrokenAdapter = {
  fault: "format 500 on empty text",
  adapter: {
    overrides: {
      format: (request) =>
        (request.json as { text?: unknown } | undefined)?.text === ""
          ? { status: 500, body: { ok: false, error: "cannot format nothing", code: "internal_error" } }
          : undefined,
    },
  },
  caughtBy: ["format.empty-text"],
};
