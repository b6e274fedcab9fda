// In the ground because two districts prune by it: the inbound events (Apps) and the outbound attempts (D513).

/** A9: how long the event log and the dedup keys are kept; callback and reply attempts are kept as long (D513). */
export const INBOUND_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
