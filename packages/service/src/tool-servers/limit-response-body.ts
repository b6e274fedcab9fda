import { DEFAULT_MAX_RESPONSE_BYTES, describeFailure } from "@adapterkit/client";
import { Response } from "undici";

/** The largest answer read from a tool server: the adapter client's limit for a JSON answer (8 MiB). */
export const TOOL_SERVER_MAX_RESPONSE_BYTES = DEFAULT_MAX_RESPONSE_BYTES;

/** A tool server's answer ran past the limit: the rest was not read, and its connection was closed. */
export class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";
  constructor(
    readonly status: number,
    readonly limitBytes: number,
  ) {
    // The adapter client's words for the same failure (A7).
    super(describeFailure({ kind: "response_too_large", status, limitBytes }));
  }
}

/**
 * The same answer with a body that errors with ResponseTooLargeError once more than `limitBytes` arrived (or at once
 * when its Content-Length says so), cancelling the rest: the connection is dropped rather than read to its end.
 * Chunks pass as they arrive, so an event stream is still read as a stream. `onTooLarge` hears of it first.
 */
export async function limitResponseBody(
  response: Response,
  limitBytes: number,
  onTooLarge: (error: ResponseTooLargeError) => void,
): Promise<Response> {
  const body = response.body;
  if (body === null) return response;
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limitBytes) {
    const error = new ResponseTooLargeError(response.status, limitBytes);
    onTooLarge(error);
    await body.cancel(error).catch(() => undefined);
    throw error;
  }
  const reader = body.getReader();
  let size = 0;
  const limited = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size <= limitBytes) return controller.enqueue(value);
      const error = new ResponseTooLargeError(response.status, limitBytes);
      onTooLarge(error);
      controller.error(error);
      await reader.cancel(error).catch(() => undefined);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
}
