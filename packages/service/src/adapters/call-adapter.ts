import { type AdapterClient, type ClientResult, createAdapterClient, describeFailure } from "@adapterkit/client";
import type { AdapterEndpointId } from "@adapterkit/contract";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { AdapterTarget } from "./adapter-target.ts";

export type { AdapterTarget } from "./adapter-target.ts";

/** How the outbound guard's refusal reads in a connection error (it names the variable that would allow the host). */
const GUARD_REFUSAL = /is refused: .*ADAPTERKIT_ALLOWED_HOSTS/;

type Context = Pick<GroundContext, "outbound" | "adapterCalls" | "adapterTimeouts">;

/** A client for one adapter: the URL checked by the outbound guard (A15), every connection through its dispatcher. */
export function adapterClientFor(context: Context, target: AdapterTarget): AdapterClient {
  const checked = context.outbound.checkUrl(target.baseUrl);
  if (!checked.ok) {
    throw new ServiceError("invalid_request", `base_url: ${checked.reason}`, {
      errors: [{ path: "/base_url", message: checked.reason }],
    });
  }
  const [secret, ...older] = target.signingSecrets ?? [];
  return createAdapterClient({
    baseUrl: target.baseUrl,
    ...(secret === undefined ? {} : { signingSecret: older.length === 0 ? secret : [secret, ...older] }),
    ...(target.organizationId === undefined ? {} : { organizationId: String(target.organizationId) }),
    ...(target.projectId == null ? {} : { projectId: String(target.projectId) }),
    timeouts: context.adapterTimeouts,
    dispatcher: context.outbound.dispatcher,
  });
}

/**
 * A7: the one way the service calls an adapter: through `@adapterkit/client` (D9 signing, context headers, D11
 * time-outs, response validation), counted per App and endpoint. A failure becomes a 502 problem, a time-out a 504,
 * each naming the adapter and the endpoint; never a hang, since every endpoint has its deadline.
 */
export async function callAdapter<T>(
  context: Context,
  target: AdapterTarget,
  endpoint: AdapterEndpointId,
  call: (client: AdapterClient) => Promise<ClientResult<T>>,
): Promise<T> {
  const client = adapterClientFor(context, target);
  const result = await call(client);
  await client.close();
  return settleAdapterCall(context, { target, endpoint }, result);
}

/**
 * The second half of {@link callAdapter}, for a caller that makes many calls through one client of
 * {@link adapterClientFor} (a sync's files, an installation's inbound calls, D176): counts the call and answers its
 * value, or throws as `callAdapter` does.
 */
export function settleAdapterCall<T>(
  context: Pick<GroundContext, "adapterCalls">,
  call: { target: AdapterTarget; endpoint: AdapterEndpointId },
  result: ClientResult<T>,
): T {
  const { target, endpoint } = call;
  const outcome = result.ok ? "ok" : result.error.kind === "timeout" ? "timed_out" : "failed";
  if (target.appId !== undefined) context.adapterCalls.record(target.appId, endpoint, outcome, result.durationMs);
  if (result.ok) return result.value;
  const where = `The adapter at ${target.baseUrl} (${endpoint})`;
  // The guard refused the address the name resolved to: the URL is at fault, not the adapter (A15).
  if (result.error.kind === "unreachable" && GUARD_REFUSAL.test(result.error.message)) {
    const reason = result.error.message;
    throw new ServiceError("invalid_request", `base_url: ${reason}`, {
      errors: [{ path: "/base_url", message: reason }],
    });
  }
  if (result.error.kind === "timeout") {
    throw new ServiceError("adapter_timeout", `${where} did not answer within ${result.error.timeoutMs} ms.`);
  }
  // A14: each field that breaks the contract is named, so the portal can show every problem against its field.
  const errors =
    result.error.kind === "schema_violation"
      ? result.error.issues.map((issue) => ({ path: issue.pointer, message: issue.message }))
      : undefined;
  throw new ServiceError("adapter_failed", `${where} failed: ${describeFailure(result.error)}`, {
    ...(errors === undefined ? {} : { errors }),
  });
}
