import type { ClientError } from "@adapterkit/client";
import type { AdapterEndpointId } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { describeCallFailure } from "../shared/describe-call-failure.ts";
import { label } from "../shared/labels.ts";

/** What a check sent to the adapter, so a failure can carry a curl line that reproduces it. */
export interface SentCall {
  readonly endpoint: AdapterEndpointId;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The `request` part of `ctx.failure()` for a sent call (optional fields left out, not undefined). */
export function requestOf(call: SentCall): { body?: unknown; headers?: Readonly<Record<string, string>> } {
  return {
    ...(call.body === undefined ? {} : { body: call.body }),
    ...(call.headers === undefined ? {} : { headers: call.headers }),
  };
}

/** A failure of a check about one call, with the call's curl line. */
export function checkFailure(
  ctx: ConformanceContext,
  call: SentCall,
  details: { message: string; expected?: string; actual?: string; pointer?: string; step?: string },
): CheckFailure {
  return ctx.failure({ endpoint: label(call.endpoint), ...details, request: requestOf(call) });
}

/** A failure for a call whose answer broke the contract (status, body shape, transport), naming the bad field. */
export function callFailure(
  ctx: ConformanceContext,
  call: SentCall,
  error: ClientError,
  context?: string,
): CheckFailure {
  const failure = error.error;
  const issue = failure.kind === "schema_violation" ? failure.issues[0] : undefined;
  const described = describeCallFailure(ctx, failure);
  return checkFailure(ctx, call, {
    message: context === undefined ? described : `${context}: ${described}`,
    ...(issue === undefined ? {} : { pointer: issue.pointer, expected: issue.expected, actual: issue.actual }),
  });
}

/**
 * A failure of the fixtures themselves: the check could not be set up, so it fails and names the step
 * (architecture.md#check-groups).
 */
export function fixtureFailure(ctx: ConformanceContext, endpoint: AdapterEndpointId, message: string): CheckFailure {
  return ctx.failure({ endpoint: label(endpoint), message, step: "fixtures" });
}
