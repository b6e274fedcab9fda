import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import type { HandlerContext } from "./handler-types.ts";

const PLACEHOLDER = Symbol.for("adapterkit.notImplemented");

/** A stand-in handler that answers 501 `not_implemented`; start-up lists every endpoint still using one. */
export type PlaceholderHandler = ((input: unknown, context: HandlerContext) => never) & {
  readonly [PLACEHOLDER]: true;
};

/**
 * Returns a placeholder for a handler not written yet (the scaffold state): it answers 501 `not_implemented`.
 * @example export const deliver: DeliverHandler<typeof manifest> = notImplemented("deliver");
 */
export function notImplemented(name: string): PlaceholderHandler {
  const handler = () => {
    throw new AdapterHttpError("not_implemented", `The ${name} handler of this adapter is not written yet.`);
  };
  return Object.assign(handler, { [PLACEHOLDER]: true as const });
}

/** Whether a handler is a {@link notImplemented} placeholder. */
export function isPlaceholder(handler: unknown): boolean {
  return typeof handler === "function" && PLACEHOLDER in handler;
}
