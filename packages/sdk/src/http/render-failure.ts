import type { ServerResponse } from "node:http";
import type { AdapterEndpointDef } from "@adapterkit/contract/adapter";
import type { Logger } from "pino";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { toErrorResponse } from "../errors/to-error-response.ts";
import { SignatureError } from "../helpers/index.ts";
import { sendError, sendJson } from "./send.ts";

/**
 * Answers a failed request. A `SignatureError` out of `verifyWebhook` is the D3 "not verified" answer; an
 * `AdapterHttpError` renders its code; anything else is a 500 whose detail only the log sees.
 */
export function renderFailure(
  res: ServerResponse,
  options: { row: AdapterEndpointDef | undefined; error: unknown; log: () => Logger },
): void {
  const { row, error } = options;
  if (row?.id === "verify-webhook" && error instanceof SignatureError) {
    sendJson(res, 200, { ok: false, error: error.message });
    return;
  }
  const response = toErrorResponse(error);
  if (!(error instanceof AdapterHttpError)) {
    options.log().error({ err: error }, "handler failed");
  } else if (response.status >= 500 && error.code !== "not_implemented") {
    options.log().warn({ err: error, code: error.code }, error.message);
  } else {
    options.log().info({ code: error.code, status: response.status, issues: error.issues }, error.message);
  }
  // The rest of an over-size body may still be in flight; a fresh connection beats draining it.
  if (response.status === 413) res.setHeader("connection", "close");
  sendError(res, response);
}
