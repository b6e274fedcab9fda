import { listChanges } from "../reference/sources.ts";
import type { BrokenAdapter } from "../run-against.ts";
import { withJson } from "./behaviour-helpers.ts";

/** The key cursors are signed with; the fault is that it is one for every organization. */
const SHARED_TOKEN = "one-key-for-everyone";

/**
 * Signs cursors with one key for everyone instead of the caller's credentials: tampering is still caught, but a
 * cursor issued to one organization is honoured for another.
 */
export const foreignCursorAccepted: BrokenAdapter = {
  fault: "a cursor issued for other credentials accepted",
  adapter: {
    overrides: {
      "list-changes": (request) => {
        const json = request.json as { credentials?: Record<string, unknown> } | undefined;
        if (typeof json?.credentials !== "object") return undefined;
        // The reference keys cursors by credentials.token, so handing it one shared token shares the key.
        return listChanges(withJson(request, { ...json, credentials: { ...json.credentials, token: SHARED_TOKEN } }));
      },
    },
  },
  caughtBy: ["sources.foreign-cursor-rejected"],
};
