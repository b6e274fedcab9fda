import type { BrokenAdapter } from "../run-against.ts";

/** Lists a file in a subfolder that fetch-file then cannot find (a path mapping bug). */
export const unfetchableFile: BrokenAdapter = {
  fault: "a listed file that cannot be fetched",
  adapter: {
    overrides: {
      "fetch-file": (request) =>
        (request.json as { file_path?: unknown } | undefined)?.file_path === "/docs/guide/e.md"
          ? { status: 404, body: { ok: false, error: "no such file", code: "not_found" } }
          : undefined,
    },
  },
  caughtBy: ["sources.changed-files-fetchable"],
};
