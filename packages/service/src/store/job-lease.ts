import { type RawBuilder, type SqlBool, sql } from "kysely";

/**
 * A queued job, or a running one whose holder stopped renewing its lease before `at`: what a worker may claim. For
 * tables whose rows are leased as a review's are (`state`, `lease_expires_at`: reviews, upgrade jobs; A2, D581).
 */
export const claimableAt = (at: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(state = 'queued' or (state = 'running' and lease_expires_at < ${at}))`;

/** When a lease taken or renewed at `now` for `leaseMs` runs out, as stored. */
export const leaseExpiry = (now: Date, leaseMs: number): string => new Date(now.getTime() + leaseMs).toISOString();
