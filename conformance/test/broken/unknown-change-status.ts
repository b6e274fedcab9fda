import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer } from "./behaviour-helpers.ts";

/** Says `created` where the contract says `added`. */
export const unknownChangeStatus: BrokenAdapter = {
  fault: "a change status outside the enum",
  adapter: {
    overrides: {
      "list-changes": (_request, reference) =>
        editAnswer(reference, (body) =>
          Array.isArray(body.changes)
            ? {
                ...body,
                changes: body.changes.map((change: Record<string, unknown>) => ({
                  ...change,
                  status: change.status === "added" ? "created" : change.status,
                })),
              }
            : body,
        ),
    },
  },
  caughtBy: ["sources.status-enum"],
};
