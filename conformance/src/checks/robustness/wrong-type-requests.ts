import type { ConformanceContext } from "../../context.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";
import type { BadRequest } from "./bad-request.ts";

/** A well-formed body with every top-level field of the wrong type; `keepCredentials` leaves the credentials valid. */
export function wrongTypeRequests(ctx: ConformanceContext, keepCredentials = false): BadRequest[] {
  return requiredPosts(ctx.manifest).flatMap((endpoint) => {
    const valid = Object.entries(validBody(ctx, endpoint.id) as Record<string, unknown>);
    // With the credentials kept, a body holding nothing else would be a valid request, not a bad one.
    if (keepCredentials && valid.every(([key]) => key === "credentials")) return [];
    const body = Object.fromEntries(
      valid.map(([key, value]) => [key, keepCredentials && key === "credentials" ? value : flipType(value)]),
    );
    return [
      {
        endpoint: endpoint.id,
        body,
        what: keepCredentials ? "wrong field types beside valid credentials" : "every field of the wrong type",
      },
    ];
  });
}

function flipType(value: unknown): unknown {
  if (typeof value === "string") return 12345;
  if (typeof value === "number" || typeof value === "boolean") return "not-a-number";
  if (Array.isArray(value)) return { not: "an array" };
  if (value !== null && typeof value === "object") return "not-an-object";
  return 0;
}
