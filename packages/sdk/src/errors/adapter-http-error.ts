import { ADAPTER_ERROR_STATUS, type AdapterErrorCode, type Issue } from "@adapterkit/contract/adapter";

/** Options of {@link AdapterHttpError} beyond its code and message. */
export interface AdapterHttpErrorOptions {
  cause?: unknown;
  /** With `invalid_request`: each offending field as a JSON Pointer and what was expected. */
  issues?: Issue[];
  /** With `rate_limited`: seconds until a retry may succeed. */
  retryAfter?: number;
}

/**
 * The one error a handler throws to answer with a D8 error; its `code` picks the HTTP status.
 * @example throw new AdapterHttpError("platform_timeout", "Slack did not answer within 8 s", { cause: error });
 */
export class AdapterHttpError extends Error {
  override readonly name = "AdapterHttpError";
  readonly code: AdapterErrorCode;
  readonly issues: Issue[] | undefined;
  readonly retryAfter: number | undefined;

  constructor(code: AdapterErrorCode, message: string, options: AdapterHttpErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.issues = options.issues;
    this.retryAfter = options.retryAfter;
  }

  /** The HTTP status of this error's code (D8). */
  get status(): number {
    return ADAPTER_ERROR_STATUS[this.code];
  }
}
