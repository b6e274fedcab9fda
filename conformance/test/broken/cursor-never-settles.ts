import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer } from "./behaviour-helpers.ts";

/** Past the end of the tree it reports the first file as modified on every page, so a sync never finishes. */
export const cursorNeverSettles: BrokenAdapter = {
  fault: "a cursor that never settles",
  adapter: {
    overrides: {
      "list-changes": (_request, reference) =>
        editAnswer(reference, (body) =>
          Array.isArray(body.changes) && body.changes.length === 0
            ? { ...body, changes: [{ path: "/docs/a.md", fingerprint: `tick-${Date.now()}`, status: "modified" }] }
            : body,
        ),
    },
  },
  caughtBy: ["sources.reaches-fixed-point", "sources.fingerprints-stable"], // its tick makes an unchanged file look changed
};
