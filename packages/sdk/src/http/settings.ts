import type * as dns from "node:dns";
import { parseAllowedHosts } from "@adapterkit/client/outbound";
import type { Logger } from "pino";
import { standardWebhookKey } from "../helpers/index.ts";
import { ADAPTER_ALLOWED_HOSTS, createOutbound, type Outbound } from "../outbound/create-outbound.ts";
import { createLogger, withRedaction } from "./create-logger.ts";
import { createIdempotencyCache, type IdempotencyCache, type IdempotencyOptions } from "./idempotency-cache.ts";
import { DEFAULT_BODY_LIMIT } from "./read-body.ts";
import { resolveVersion } from "./resolve-version.ts";

/** How an adapter is served; every field has a default. */
export interface AdapterHandlerOptions {
  /**
   * D9 `whsec_…` secret; defaults to `ADAPTER_SIGNING_SECRET`. When set, signed endpoints require a valid
   * signature; pass `undefined` explicitly to turn the check off whatever the environment says.
   */
  signingSecret?: string | undefined;
  /** Largest request body in bytes; default 1 MiB. */
  bodyLimit?: number;
  /** A pino logger to use instead of the SDK's own (JSON on stdout, `LOG_LEVEL`, credentials redacted). */
  logger?: Logger;
  /** D10 `/health` version; defaults to `ADAPTER_VERSION`, then the git commit, then `unknown`. */
  version?: string;
  /** Check each handler's answer against the contract (a breach answers 500 and is logged); default true. */
  validateResponses?: boolean;
  /** The clock for the D9 timestamp window, in milliseconds; injectable for tests. */
  now?: () => number;
  /**
   * D174: a repeated `Idempotency-Key` on `/deliver` (same adapter, organization and body) gets the first answer
   * instead of a second message, from a bounded in-memory cache; `false` turns it off. Default on.
   */
  idempotency?: IdempotencyOptions | false;
  /**
   * architecture.md#a18: hosts (`host` or `host:port`) that handlers' outbound calls may reach although they are
   * loopback or private, such as a local stand-in of the platform; defaults to `ADAPTER_ALLOWED_HOSTS`
   * (comma-separated).
   */
  allowedHosts?: readonly string[];
  /**
   * D410: answer the combined `POST /inbound` (and list it in the served manifest's `endpoints`) when the adapter
   * has both inbound handlers; default true. `false` serves the two endpoints only, as an adapter without it.
   */
  combinedInbound?: boolean;
  /** Replaces `dns.lookup` for outbound calls; tests stub it so that no outside name is resolved. */
  lookup?: typeof dns.lookup;
}

/** Whether the server is draining for shutdown; `/health` stops answering `ready` then. */
export interface Lifecycle {
  draining: boolean;
}

/** Options with every default applied, shared by all routes of one server. */
export interface Settings {
  signingSecret: string | undefined;
  bodyLimit: number;
  log: Logger;
  version: string;
  validateResponses: boolean;
  now: (() => number) | undefined;
  lifecycle: Lifecycle;
  idempotency: IdempotencyCache | undefined;
  outbound: Outbound;
  combinedInbound: boolean;
}

/** Applies the defaults (environment included) to serving options. */
export function toSettings(options: AdapterHandlerOptions, lifecycle: Lifecycle = { draining: false }): Settings {
  const signingSecret = "signingSecret" in options ? options.signingSecret : process.env.ADAPTER_SIGNING_SECRET;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (!Number.isInteger(bodyLimit) || bodyLimit <= 0) throw new RangeError("bodyLimit must be a positive integer");
  // A malformed secret would fail every request; refuse it at start-up instead.
  if (signingSecret) standardWebhookKey(signingSecret);
  return {
    signingSecret: signingSecret || undefined,
    bodyLimit,
    log: options.logger ? withRedaction(options.logger) : createLogger(),
    version: options.version ?? resolveVersion(),
    validateResponses: options.validateResponses ?? true,
    now: options.now,
    lifecycle,
    combinedInbound: options.combinedInbound ?? true,
    idempotency: options.idempotency === false ? undefined : createIdempotencyCache(options.idempotency),
    outbound: createOutbound({
      allowedHosts: options.allowedHosts ?? parseAllowedHosts(process.env[ADAPTER_ALLOWED_HOSTS]),
      lookup: options.lookup,
    }),
  };
}
