import { deliver } from "../reference/deliver.ts";
import type { BrokenAdapter } from "../run-against.ts";
import { withJson } from "./behaviour-helpers.ts";

/** Forgets `message.thread_id` on the way to the platform: replies land outside their thread. */
export const threadIdDropped: BrokenAdapter = {
  fault: "thread_id dropped",
  adapter: {
    overrides: {
      deliver: (request) => {
        const json = request.json as { message?: { text?: unknown; thread_id?: unknown } } | undefined;
        if (json?.message?.thread_id === undefined) return undefined;
        return deliver(withJson(request, { ...json, message: { text: json.message.text } }));
      },
    },
  },
  caughtBy: ["deliver.thread-id-honoured", "deliver.thread-id-exact"],
};
