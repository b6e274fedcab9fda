import { verifyWebhookResponseSchema } from "@adapterkit/contract/adapter";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { SignatureError } from "../helpers/index.ts";
import type { HandlerContext } from "./handler-types.ts";
import type { AnyHandler } from "./resolve-handlers.ts";

/**
 * D410: the combined `/inbound` handler from an author's two: `verifyWebhook` on the envelope (the request
 * without `mode`, as `/verify-webhook` reads it), its refusal answered as it is, else `parseInbound` on the whole
 * request. A `SignatureError` out of `verifyWebhook` is its refusal, and a verdict outside D3 the adapter's bug,
 * answered 500, both as `/verify-webhook` answers them.
 */
export function combineInbound(verifyWebhook: AnyHandler, parseInbound: AnyHandler): AnyHandler {
  return async (input: unknown, context: HandlerContext) => {
    const { mode: _mode, ...envelope } = input as Record<string, unknown>;
    const verdict = verifyWebhookResponseSchema.safeParse(await verifyOrRefuse(verifyWebhook, envelope, context));
    if (!verdict.success) {
      context.log.error("the verifyWebhook handler answered outside the contract");
      throw new AdapterHttpError(
        "internal_error",
        "The adapter produced an answer that breaks the contract; see its log.",
      );
    }
    if (!verdict.data.ok) return verdict.data;
    return parseInbound(input, context);
  };
}

async function verifyOrRefuse(verifyWebhook: AnyHandler, envelope: unknown, context: HandlerContext): Promise<unknown> {
  try {
    return await verifyWebhook(envelope, context);
  } catch (error) {
    if (error instanceof SignatureError) return { ok: false, error: error.message };
    throw error;
  }
}
