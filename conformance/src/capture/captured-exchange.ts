import type { ParseInboundRequest } from "@adapterkit/contract";

/** One `/parse-inbound` call seen by `adapterkit capture`: the D2 envelope with its mode, and the adapter's answer. */
export interface CapturedExchange {
  /** The request as the adapter got it: credentials, the platform's method, path, query, headers, body, mode. */
  readonly request: ParseInboundRequest;
  /** The adapter's 200 answer (a message, a handshake or an ignored event, D4). */
  readonly answer: unknown;
  /** When it was captured (ISO 8601). */
  readonly at: string;
}
