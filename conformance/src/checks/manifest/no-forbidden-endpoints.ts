import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { rawRequest } from "../shared/raw-request.ts";

const FORBIDDEN = ["/mcp", "/oauth/callback"] as const;

/** Nothing answers at `/mcp` or `/oauth/callback`: tools live on Skills and the service owns OAuth. */
export const noForbiddenEndpoints: ConformanceCheck = {
  id: "manifest.no-mcp-or-oauth-callback",
  group: "manifest",
  level: "required",
  rationale: "contract.md#not-adapter-endpoints: the adapter has no /mcp endpoint and no /oauth/callback endpoint.",
  appliesWhen: () => true,
  run: async (ctx) => {
    const failures: CheckFailure[] = [];
    for (const path of FORBIDDEN) {
      for (const method of ["GET", "POST"] as const) {
        const answer = await rawRequest(ctx, { method, path, ...(method === "POST" ? { body: "{}" } : {}) });
        if (answer.ok && answer.status < 400) {
          failures.push(
            ctx.failure({
              endpoint: `${method} ${path}`,
              message: `${method} ${path} answers ${answer.status}; the adapter must not serve it`,
              expected: "404",
              actual: String(answer.status),
              request: method === "POST" ? { body: {} } : {},
            }),
          );
        }
      }
    }
    return outcomeOf(failures);
  },
};
