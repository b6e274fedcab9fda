import { type HandlerInput, principalOf } from "../http/route.ts";
import type { TriggerJsonContext } from "./to-trigger-json.ts";
import type { TriggersContext } from "./triggers-context.ts";

/** What the trigger functions need from a request and the service. */
export function triggerDeps(input: HandlerInput<unknown>, context: TriggersContext) {
  const json: TriggerJsonContext = { serviceKey: context.serviceKey, publicUrl: context.publicUrl() };
  return { principal: principalOf(input), now: context.now(), json, executor: context.executor };
}
