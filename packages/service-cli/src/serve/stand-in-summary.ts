/** One local stand-in of a sample adapter's platform: where it listens and credentials that work against it. */
export interface StandInSummary {
  readonly adapter: string;
  readonly what: string;
  readonly url: string;
  readonly credentials: Record<string, unknown>;
  readonly extra?: Record<string, unknown>;
}
