import type { CheckFailure } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import type { DeliverCall } from "./deliver-text.ts";

/** The failure when a deliver answer names a `thread_id` other than `threadId` (none named is fine), or undefined. */
export function answeredThreadFailure(
  ctx: ConformanceContext,
  delivered: DeliverCall,
  threadId: string,
  message: string,
): CheckFailure | undefined {
  const { call, result } = delivered;
  const answered = result.ok && result.value.ok ? result.value.thread_id : undefined;
  if (answered === undefined || answered === threadId) return undefined;
  return checkFailure(ctx, call, { message, pointer: "/thread_id", expected: show(threadId), actual: show(answered) });
}
