import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer } from "./behaviour-helpers.ts";

/** Lists the first file of each page twice. */
export const duplicatePaths: BrokenAdapter = {
  fault: "duplicate paths",
  adapter: {
    overrides: {
      "list-changes": (_request, reference) =>
        editAnswer(reference, (body) =>
          Array.isArray(body.changes) && body.changes.length > 0
            ? { ...body, changes: [...body.changes, body.changes[0]] }
            : body,
        ),
    },
  },
  caughtBy: ["sources.no-duplicate-paths"],
};
