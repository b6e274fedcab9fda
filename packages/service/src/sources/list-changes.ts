import type { ListChangesRequest, ListChangesResponse } from "@adapterkit/contract";
import { type AdapterTarget, callAdapter } from "../adapters/call-adapter.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";

type Context = Pick<GroundContext, "outbound" | "adapterCalls" | "adapterTimeouts">;

/**
 * One `/sources/list-changes` call. When the adapter refuses the stored cursor (tampered, issued for other
 * credentials or another folder), the error says so and that the source was not started over (D166): starting
 * over silently would hide the refusal, so an operator resets the source instead.
 */
export async function listChanges(
  context: Context,
  target: AdapterTarget,
  request: ListChangesRequest,
): Promise<ListChangesResponse> {
  try {
    return await callAdapter(context, target, "list-changes", (client) => client.listChanges(request));
  } catch (error) {
    if (request.cursor !== null && error instanceof ServiceError && /\bcursor\b/i.test(error.message)) {
      throw new ServiceError(
        error.code,
        `The adapter refused the stored cursor; the source was not started over (reset it to sync from scratch). ${error.message}`,
      );
    }
    throw error;
  }
}
