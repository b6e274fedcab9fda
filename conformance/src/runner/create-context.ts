import { type AdapterClient, createAdapterClient } from "@adapterkit/client";
import type { AdapterEndpointId, HealthResponse } from "@adapterkit/contract";
import { type Dispatcher, fetch as undiciFetch } from "undici";
import type { CheckFailure } from "../check.ts";
import type { ConformanceContext, RenderedRequest, TemplateVars } from "../context.ts";
import { createNonce, createRenderer } from "../fixtures/create-renderer.ts";
import type { FixtureRequest, Fixtures } from "../fixtures/fixtures.ts";
import { signInbound } from "../fixtures/sign-inbound.ts";
import type { RunningStandInPlatform } from "../platform/start-stand-in-platform.ts";
import { curlFor } from "./curl-for.ts";
import type { ManifestFacts } from "./fetch-adapter-facts.ts";
import type { LatencyRecorder } from "./latency-recorder.ts";
import { recordingClient } from "./recording-client.ts";
import { createRedactor } from "./redactor.ts";

/** What the runner learned before any check runs. */
export interface ContextInputs {
  readonly adapterUrl: string;
  readonly slug: string;
  readonly fixtures: Fixtures;
  readonly platform: RunningStandInPlatform;
  readonly signingSecret: string | undefined;
  readonly dispatcher: Dispatcher | undefined;
  /** Per-call timeout of each endpoint: the contract's (D11), or `--timeout` for all. */
  readonly timeouts: Readonly<Record<AdapterEndpointId, number>>;
  /** The wait for requests outside the endpoint table and for deliveries: `--timeout`, else D11's 10 s. */
  readonly timeoutMs: number;
  readonly latencyBudgetMs: number;
  readonly latencies: LatencyRecorder;
  readonly manifest: ManifestFacts;
  readonly health: HealthResponse | undefined;
}

/** The context plus what only the runner does with it. */
export interface RunnerContext extends ConformanceContext {
  /** Closes every client the context created. */
  close(): Promise<void>;
}

/** Builds the one context every check of a run shares. */
export function createContext(inputs: ContextInputs): RunnerContext {
  const { adapterUrl, fixtures, platform } = inputs;
  const clients: AdapterClient[] = [];
  const newClient = (organizationId: string, projectId?: string): AdapterClient => {
    const client = createAdapterClient({
      baseUrl: adapterUrl,
      organizationId,
      ...(projectId === undefined ? {} : { projectId }),
      ...(inputs.signingSecret === undefined ? {} : { signingSecret: inputs.signingSecret }),
      ...(inputs.dispatcher === undefined ? {} : { dispatcher: inputs.dispatcher }),
      timeouts: inputs.timeouts,
    });
    clients.push(client);
    return recordingClient(client, inputs.latencies);
  };

  const platformVars = {
    platform_url: platform.url,
    smtp_host: platform.smtp?.host ?? "",
    smtp_port: platform.smtp?.port ?? 0,
    adapter_url: adapterUrl,
    slug: inputs.slug,
  };
  const credentials = createRenderer(() => platformVars).render(fixtures.credentials);
  const baseVars: TemplateVars = { ...platformVars, credentials };
  const channelAddress =
    fixtures.channel_address === undefined
      ? undefined
      : createRenderer(() => baseVars).render(fixtures.channel_address);
  const renderer = createRenderer(() => ({ ...baseVars, channel_address: channelAddress ?? "" }));

  const redactor = createRedactor();
  for (const set of [credentials.good, credentials.bad, credentials.other]) redactor.addCredentials(set);
  redactor.addSecret(inputs.signingSecret);
  redactor.addCredentials(fixtures.platform?.smtp?.users);
  const signingSecret =
    fixtures.inbound?.signing === undefined ? undefined : renderer.render(fixtures.inbound.signing.secret);
  redactor.addSecret(signingSecret);

  const curl = (endpointPath: string, body?: unknown, headers?: Readonly<Record<string, string>>) =>
    curlFor(redactor, {
      url: `${adapterUrl}${endpointPath}`,
      ...(body === undefined ? {} : { body }),
      ...(headers === undefined ? {} : { headers }),
    });

  return {
    adapterUrl,
    slug: inputs.slug,
    manifest: inputs.manifest.value,
    manifestRaw: inputs.manifest.raw,
    manifestIssues: inputs.manifest.issues,
    manifestSha256: inputs.manifest.sha256,
    health: inputs.health,
    client: newClient("org_conformance_a"),
    clientFor: ({ organizationId, projectId, credentials: extra }) => {
      redactor.addCredentials(extra);
      return newClient(organizationId, projectId);
    },
    fixtures,
    render: (template, extraVars) => renderer.render(template, extraVars),
    renderRequest: (request, extraVars) => renderRequest(renderer.render(request, extraVars)),
    sign: (request, overrides) =>
      fixtures.inbound?.signing === undefined || signingSecret === undefined
        ? {}
        : signInbound(fixtures.inbound.signing, signingSecret, request, overrides),
    nonce: createNonce,
    platform,
    signingSecret: inputs.signingSecret,
    dispatcher: inputs.dispatcher,
    fetch: fetchOver(inputs.dispatcher),
    timeouts: inputs.timeouts,
    timeoutMs: inputs.timeoutMs,
    latencyBudgetMs: inputs.latencyBudgetMs,
    recordLatency: (endpoint, ms) => inputs.latencies.record(endpoint, ms),
    curlFor: curl,
    redact: (text) => redactor.redact(text),
    failure: ({ request, ...partial }) => toFailure(partial, request, redactor.redact, curl),
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}

/** Node's fetch, or undici's over the given dispatcher (whose Response is the same WHATWG shape). */
function fetchOver(dispatcher: Dispatcher | undefined): (url: string, init: RequestInit) => Promise<Response> {
  if (dispatcher === undefined) return (url, init) => fetch(url, init);
  return async (url, init) =>
    (await undiciFetch(url, {
      ...(init as unknown as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as Response;
}

function renderRequest(request: FixtureRequest): RenderedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  const body =
    request.body === undefined ? "" : typeof request.body === "string" ? request.body : JSON.stringify(request.body);
  return {
    method: (request.method ?? "POST").toUpperCase(),
    path: request.path ?? "/",
    query: request.query ?? {},
    headers,
    body,
    ...(request.body_encoding === undefined ? {} : { body_encoding: request.body_encoding }),
  };
}

const MAX_QUOTE = 600;

function toFailure(
  partial: Omit<CheckFailure, "curl">,
  request: { readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> } | undefined,
  redact: (text: string) => string,
  curl: (path: string, body?: unknown, headers?: Readonly<Record<string, string>>) => string,
): CheckFailure {
  const clip = (text: string) =>
    text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}… (${text.length} chars)` : text;
  const path = partial.endpoint.split(" ")[1] ?? partial.endpoint;
  return {
    ...partial,
    message: redact(partial.message),
    ...(partial.expected === undefined ? {} : { expected: clip(redact(partial.expected)) }),
    ...(partial.actual === undefined ? {} : { actual: clip(redact(partial.actual)) }),
    ...(request === undefined ? {} : { curl: curl(path, request.body, request.headers) }),
  };
}
