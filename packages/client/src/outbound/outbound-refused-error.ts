/** Why the outbound guard would not connect: its `code` tells it apart from network errors. */
export class OutboundRefusedError extends Error {
  readonly code = "ERR_OUTBOUND_REFUSED";

  /** `setting`: the environment variable that lists the exceptions, named so an operator knows where to allow the host. */
  constructor(host: string, reason: string, setting: string) {
    super(`${host} is refused: ${reason} (allow it with ${setting})`);
    this.name = "OutboundRefusedError";
  }
}

/** Whether an error (or its cause) is the guard's refusal. */
export function isOutboundRefused(error: unknown): error is OutboundRefusedError {
  if (error instanceof OutboundRefusedError) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== error && isOutboundRefused(cause);
}
