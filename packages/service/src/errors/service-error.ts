import type { ProblemIssue, ServiceErrorCode } from "@adapterkit/contract";

/** The one error of the public API boundary: a code from the contract's table, a detail for the caller. */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly errors: ProblemIssue[] | undefined;
  /** Extra response headers, such as `Retry-After` or `Allow`. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ServiceErrorCode,
    detail: string,
    options: { cause?: unknown; errors?: ProblemIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ServiceError";
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

/** Whether a value is a ServiceError. */
export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
