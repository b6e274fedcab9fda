import type { ServiceContext } from "../service-context.ts";
import type { TriggerJsonContext } from "../triggers/to-trigger-json.ts";
import { type HandlerInput, principalOf } from "./route.ts";

/** What the trigger functions need from a request and the service. */
export function triggerDeps(input: HandlerInput<unknown>, context: ServiceContext) {
  const json: TriggerJsonContext = { serviceKey: context.serviceKey, publicUrl: context.publicUrl() };
  return { principal: principalOf(input), now: context.now(), json, executor: context.executor };
}
