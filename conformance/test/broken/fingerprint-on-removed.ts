import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer } from "./behaviour-helpers.ts";

/** Reports a removed file with the fingerprint it last had instead of null. */
export const fingerprintOnRemoved: BrokenAdapter = {
  fault: "fingerprint on removed",
  adapter: {
    overrides: {
      "list-changes": (request, reference) =>
        editAnswer(reference, (body) =>
          (request.json as { cursor?: unknown }).cursor === null && Array.isArray(body.changes)
            ? {
                ...body,
                changes: [
                  ...body.changes,
                  { path: "/docs/old.md", fingerprint: "9f86d081884c7d65", status: "removed" },
                ],
              }
            : body,
        ),
    },
  },
  caughtBy: ["sources.fingerprint-null-iff-removed"],
};
