import type { ConformanceContext } from "../../context.ts";

/** The fixtures' good credentials, rendered. */
export function goodCredentials(ctx: ConformanceContext): Readonly<Record<string, unknown>> {
  return ctx.render(ctx.fixtures.credentials.good);
}
