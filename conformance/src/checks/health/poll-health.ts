import type { ConformanceContext } from "../../context.ts";
import { parseJson } from "../shared/raw-request.ts";

/** One `/health` answer as received, judged by each health check for its own field only. */
export type HealthPoll =
  | {
      readonly answered: true;
      readonly status: number;
      readonly body: Record<string, unknown> | undefined;
      readonly text: string;
    }
  | { readonly answered: false; readonly error: string };

/** GET /health through the client, keeping the raw answer whatever it is. */
export async function pollHealth(ctx: ConformanceContext): Promise<HealthPoll> {
  const result = await ctx.client.call("health");
  if (result.response === null)
    return { answered: false, error: result.ok ? "no response" : JSON.stringify(result.error) };
  const json = parseJson(result.response.text);
  const body =
    json !== null && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  return { answered: true, status: result.response.status, body, text: result.response.text };
}
