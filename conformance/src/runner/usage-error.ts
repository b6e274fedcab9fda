/** A mistake in how the runner was called (an unknown check id, a bad URL): exit 2, like a fixtures error. */
export class ConformanceUsageError extends Error {
  readonly code = "usage";

  constructor(message: string) {
    super(message);
    this.name = "ConformanceUsageError";
  }
}
