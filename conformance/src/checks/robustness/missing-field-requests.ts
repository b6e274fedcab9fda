import type { ConformanceContext } from "../../context.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import type { BadRequest } from "./bad-request.ts";

/** An empty object, every required field missing, for every required POST endpoint. */
export function missingFieldRequests(ctx: ConformanceContext): BadRequest[] {
  return requiredPosts(ctx.manifest).map((endpoint) => ({ endpoint: endpoint.id, body: {}, what: "an empty object" }));
}
