import type { ConformanceContext } from "../../context.ts";
import type { BadAnswer, BadRequest } from "./bad-request.ts";

/** Sends bad requests (signed as any service call) and keeps whatever came back. */
export async function sendBadRequests(ctx: ConformanceContext, requests: readonly BadRequest[]): Promise<BadAnswer[]> {
  return Promise.all(
    requests.map(async (request) => {
      const result = await ctx.client.call(
        request.endpoint,
        request.body,
        request.rawBody === undefined ? {} : { rawBody: request.rawBody },
      );
      return {
        request,
        status: result.response?.status,
        text: result.response?.text ?? "",
        contentType: result.response?.headers["content-type"],
        ...(result.ok ? {} : { error: result.error }),
      };
    }),
  );
}
