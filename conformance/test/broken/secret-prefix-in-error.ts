import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer } from "./behaviour-helpers.ts";

/** Names the refused signing secret by its first twelve characters, as if a prefix were safe to show. */
export const secretPrefixInError: BrokenAdapter = {
  fault: "a credential's prefix in an error",
  adapter: {
    overrides: {
      verify: (request, reference) =>
        editAnswer(reference, (body) => {
          if (body.ok !== false) return body;
          const secret = String(
            (request.json as { credentials?: { signing_secret?: unknown } }).credentials?.signing_secret,
          );
          return { ...body, error: `the platform refused the key ${secret.slice(0, 12)}…` };
        }),
    },
  },
  caughtBy: ["robustness.no-credentials-echoed"],
};
