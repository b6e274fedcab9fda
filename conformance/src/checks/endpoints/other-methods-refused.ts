import { signRequest } from "@adapterkit/client";
import { ADAPTER_ENDPOINTS } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { excerpt } from "../shared/labels.ts";

/** Methods tried on a GET route and on a POST route. */
const OTHER_METHODS = { GET: ["POST", "PUT", "DELETE"], POST: ["GET", "PUT", "DELETE", "PATCH"] } as const;

/**
 * Only the contract's routes answer: another method on a known path (GET /deliver, POST /manifest.json, DELETE
 * /verify…) is a 404 or 405, never a 5xx nor a route run on a request it was not made for. Calls with a body
 * are signed when the run has a secret, so a 401 cannot stand in for the answer.
 */
export const otherMethodsRefused: ConformanceCheck = {
  id: "endpoints.other-methods-refused",
  group: "endpoints",
  level: "required",
  rationale:
    "contract.md#endpoints and D8: only the contract's routes answer; another method on a known path is 404 or 405, never a 5xx or a route run.",
  appliesWhen: () => true,
  async run(ctx) {
    const probes = ADAPTER_ENDPOINTS.flatMap((endpoint) =>
      OTHER_METHODS[endpoint.method as keyof typeof OTHER_METHODS].map((method) => ({ method, path: endpoint.path })),
    );
    const failures = await Promise.all(probes.map((probe) => send(ctx, probe.method, probe.path)));
    return outcomeOf(failures.filter((failure): failure is CheckFailure => failure !== undefined));
  },
};

async function send(ctx: ConformanceContext, method: string, path: string): Promise<CheckFailure | undefined> {
  const body = method === "GET" || method === "DELETE" ? undefined : "{}";
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  if (ctx.signingSecret !== undefined)
    Object.assign(headers, signRequest({ secret: ctx.signingSecret, body: body ?? "" }));
  let status: number | undefined;
  let text = "";
  try {
    const response = await ctx.fetch(`${ctx.adapterUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(ctx.timeoutMs),
      redirect: "manual",
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    text = error instanceof Error ? error.message : String(error);
  }
  if (status === 404 || status === 405) return undefined;
  return ctx.failure({
    endpoint: `${method} ${path}`,
    message: `${method} on ${path}, a ${method === "GET" ? "POST" : "known"} route, was not refused with 404 or 405`,
    expected: "404 not_found or 405",
    actual: status === undefined ? `no response (${text})` : `${status} ${excerpt(text)}`,
  });
}
