import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { signedStart } from "../verify-webhook/send-to-verify.ts";
import { callFailure } from "./call-failure.ts";
import { receives } from "./receives.ts";
import { sendToParse } from "./send-to-parse.ts";

/** Platform bodies that are valid JSON (or nothing) but no event object. */
const NON_OBJECTS: readonly (readonly [what: string, body: string])[] = [
  ["a JSON array", "[]"],
  ["a JSON string", '"adapterkit"'],
  ["a JSON number", "42"],
  ["JSON null", "null"],
  ["an empty body", ""],
];

/**
 * A correctly signed platform body that is a JSON array, string, number, `null` or empty gets a contract answer
 * (`{ ignored: true, reason }` as a rule) or a 4xx, never a 5xx: an adapter reading `event.type` off `null` crashes.
 */
export const nonObjectBodies: ConformanceCheck = {
  id: "parse-inbound.non-object-bodies",
  group: "parse-inbound",
  level: "required",
  rationale:
    "A signed body that is a JSON array, string, number, null or empty is ignored (or parsed, D143) or a 4xx, never a 5xx (D4; STYLE 9).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const { body_encoding: _encoding, ...request } = start.prepared.request;
    const failures: CheckFailure[] = [];
    for (const [what, body] of NON_OBJECTS) {
      const shaped = { ...request, body };
      const prepared = { ...start.prepared, request: shaped, signature: ctx.sign(shaped), mode: "trigger" as const };
      const { call, result } = await sendToParse(ctx, prepared);
      // Ignored is the usual answer; a generic webhook may take any body as a message (D143), as long as it answers.
      if (result.ok) continue;
      const { error } = result;
      if (error.kind === "http_status" && error.status >= 400 && error.status < 500) continue;
      failures.push(callFailure(ctx, call, result, `${what} must be ignored or a 4xx`));
    }
    return outcomeOf(failures, `${NON_OBJECTS.length} bodies`);
  },
};
