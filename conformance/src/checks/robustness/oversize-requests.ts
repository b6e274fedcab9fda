import type { ConformanceContext } from "../../context.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";
import type { BadRequest } from "./bad-request.ts";

/** 2 MiB: twice the D14-style 1 MiB limit the SDK applies, well past anything a platform webhook carries. */
export const OVERSIZE_BYTES = 2 * 1024 * 1024;

/** A valid body padded past {@link OVERSIZE_BYTES}, for every required POST endpoint. */
export function oversizeRequests(ctx: ConformanceContext): BadRequest[] {
  const padding = "x".repeat(OVERSIZE_BYTES);
  return requiredPosts(ctx.manifest).map((endpoint) => ({
    endpoint: endpoint.id,
    body: { ...(validBody(ctx, endpoint.id) as Record<string, unknown>), conformance_padding: padding },
    what: "a 2 MiB body",
  }));
}
