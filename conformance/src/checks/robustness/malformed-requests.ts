import type { ConformanceContext } from "../../context.ts";
import { parseJson } from "../shared/raw-request.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";
import type { BadRequest } from "./bad-request.ts";

/**
 * Two bodies that are not JSON but carry the good credentials, for every required POST endpoint: the valid body
 * with its last byte cut off, and the valid body with the credential values unquoted. An adapter that echoes the
 * body, or its parser's error message (Node's JSON.parse quotes the text around the error), leaks them.
 */
export function malformedRequests(ctx: ConformanceContext): BadRequest[] {
  return requiredPosts(ctx.manifest).flatMap((endpoint) => {
    const valid = validBody(ctx, endpoint.id) as Record<string, unknown>;
    const cut = {
      endpoint: endpoint.id,
      body: undefined,
      rawBody: JSON.stringify(valid).slice(0, -1),
      what: "JSON cut off",
    };
    const unquoted = withUnquotedCredentials(valid);
    // Credentials that are all numbers, booleans or absent read as JSON even unquoted: then only the cut body is bad.
    return parseJson(unquoted) !== undefined
      ? [cut]
      : [
          cut,
          { endpoint: endpoint.id, body: undefined, rawBody: unquoted, what: "JSON with unquoted credential values" },
        ];
  });
}

/** The body's JSON text with every string value of `credentials` written without its quotes. */
function withUnquotedCredentials(body: Record<string, unknown>): string {
  const { credentials, ...rest } = body;
  const fields = Object.entries((credentials ?? {}) as Record<string, unknown>).map(
    ([key, value]) => `${JSON.stringify(key)}:${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
  const others = JSON.stringify(rest).slice(1, -1);
  return `{"credentials":{${fields.join(",")}}${others === "" ? "" : `,${others}`}}`;
}
