import { listChanges } from "../reference/sources.ts";
import type { BrokenAdapter } from "../run-against.ts";
import { withJson } from "./behaviour-helpers.ts";

/** Restarts from the beginning on a cursor it cannot read instead of refusing it. */
export const tamperedCursorAccepted: BrokenAdapter = {
  fault: "tampered cursor accepted (silent restart)",
  adapter: {
    overrides: {
      "list-changes": async (request, reference) => {
        const answer = await reference();
        if (answer.status !== 400 || typeof (request.json as { cursor?: unknown }).cursor !== "string") return answer;
        return listChanges(withJson(request, { ...(request.json as object), cursor: null }));
      },
    },
  },
  caughtBy: ["sources.tampered-cursor-rejected", "sources.foreign-cursor-rejected", "sources.unknown-cursor-rejected"],
};
