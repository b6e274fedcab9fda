/**
 * The one sentence an adapter reports for any outbound connection that failed or was refused, whatever the cause,
 * so that its answers cannot be used to map a network (architecture.md#a18); the cause goes to the adapter's own log.
 */
export const OUTBOUND_UNREACHABLE = "could not reach the configured server";

/** A connection through the SDK's outbound path failed or was refused; `message` is always {@link OUTBOUND_UNREACHABLE}. */
export class OutboundUnreachableError extends Error {
  readonly code = "ERR_OUTBOUND_UNREACHABLE";

  constructor(options: { cause: unknown }) {
    super(OUTBOUND_UNREACHABLE, options);
    this.name = "OutboundUnreachableError";
  }
}
