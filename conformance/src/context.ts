import type { AdapterClient, SchemaIssue } from "@adapterkit/client";
import type { AdapterEndpointId, HealthResponse, Manifest } from "@adapterkit/contract";
import type { Dispatcher } from "undici";
import type { Check, CheckFailure, StandInPlatform } from "./check.ts";
import type { FixtureRequest, Fixtures } from "./fixtures/fixtures.ts";

/** A fixture request after rendering: every template filled in, the body serialised once into its exact bytes. */
export interface RenderedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The exact body text (or base64 when `body_encoding` is set); signatures are computed over it. */
  readonly body: string;
  readonly body_encoding?: "base64";
}

/** Overrides for one signature: another secret (a wrong-secret test), a fixed timestamp (a stale one), an id. */
export interface SignOverrides {
  readonly secret?: string;
  /** Unix seconds. */
  readonly timestamp?: number;
  readonly id?: string;
}

/** Variables handed to templates in addition to the built-in ones. */
export type TemplateVars = Readonly<Record<string, unknown>>;

/** Everything a check may use; built once per run by the runner and shared by every check. */
export interface ConformanceContext {
  /** The adapter's base URL without a trailing slash, e.g. `http://127.0.0.1:3100/chat`. */
  readonly adapterUrl: string;
  /** The URL's last path segment (D1). */
  readonly slug: string;
  /**
   * The manifest as parsed when it matched the schema; when it did not, the raw JSON body (if it was an object),
   * so the remaining checks can still read its capabilities. `manifestIssues` says which.
   */
  readonly manifest: Manifest;
  /** The manifest body exactly as received (parsed JSON), or undefined when it was not JSON. */
  readonly manifestRaw: unknown;
  /** Schema issues of the manifest (empty when valid). */
  readonly manifestIssues: readonly SchemaIssue[];
  /** SHA-256 hex of the manifest's response bytes; ties a report to the manifest it judged. */
  readonly manifestSha256: string;
  /** The first `/health` answer, when it matched the schema. */
  readonly health: HealthResponse | undefined;
  /** A client for the adapter, signed when a signing secret is given; every call's latency is recorded. */
  readonly client: AdapterClient;
  /**
   * A client sending another organization's context headers (statelessness checks); `credentials` are added to the
   * values redacted from curl lines and failure texts. Latencies are recorded as for `client`.
   */
  clientFor(options: {
    organizationId: string;
    projectId?: string;
    credentials?: Readonly<Record<string, unknown>>;
  }): AdapterClient;
  /** The loaded, schema-validated fixtures, not yet rendered. */
  readonly fixtures: Fixtures;
  /**
   * Renders handlebars over any JSON value: every string is a template, structure is kept. Vars: `platform_url`,
   * `smtp_host`, `smtp_port`, `now` (unix s), `now_ms`, `nonce` (fresh per call unless passed in `extraVars`),
   * `credentials.{good,bad,other}.*`, `channel_address`, plus `extraVars` (e.g. `delivery`). Helpers: `base64`,
   * `json`, `lower`, `upper`.
   */
  render<T>(template: T, extraVars?: TemplateVars): T;
  /** Renders a fixture request and serialises its body once (objects with JSON.stringify, strings as they are). */
  renderRequest(request: FixtureRequest, extraVars?: TemplateVars): RenderedRequest;
  /** The headers that `inbound.signing` puts on this exact request; empty when the fixtures declare no signing. */
  sign(request: RenderedRequest, overrides?: SignOverrides): Record<string, string>;
  /** A fresh random token (what `{{nonce}}` renders to). */
  nonce(): string;
  readonly platform: StandInPlatform;
  /** The adapter's D9 signing secret, when the run was given one (`--signing-secret`). */
  readonly signingSecret: string | undefined;
  /** Where every connection to the adapter goes (the service's outbound guard); undefined: Node's own. */
  readonly dispatcher: Dispatcher | undefined;
  /** `fetch` for requests the typed client cannot make, over `dispatcher` when one was given. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** Per-call timeout of each endpoint in ms: the contract's (D11: 10 s, `/health` 5 s, fetch-file 60 s), or `--timeout` for all. */
  readonly timeouts: Readonly<Record<AdapterEndpointId, number>>;
  /** Timeout in ms of requests the endpoint table does not list (unknown routes) and of waits for a delivery: `--timeout`, else D11's 10 s. */
  readonly timeoutMs: number;
  /** The p95 latency budget for the performance check, in ms. */
  readonly latencyBudgetMs: number;
  /** Adds one latency sample for an endpoint (client calls are recorded automatically). */
  recordLatency(endpointId: AdapterEndpointId, ms: number): void;
  /** A curl line reproducing a call, with every credential value and signature/authorization header redacted. */
  curlFor(endpointPath: string, body?: unknown, headers?: Readonly<Record<string, string>>): string;
  /** Redacts every known secret value inside a text (for `actual` values quoted from responses). */
  redact(text: string): string;
  /** Builds a failure, redacting secrets in `actual`/`expected`/`message`, and attaching a curl line when given a request. */
  failure(
    partial: Omit<CheckFailure, "curl"> & {
      readonly request?: { readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> };
    },
  ): CheckFailure;
}

/**
 * A check of this runner. `appliesWhen` returns true when the check applies; false or a string (the reason shown)
 * makes it `not_applicable`.
 */
export type ConformanceCheck = Check<ConformanceContext>;
