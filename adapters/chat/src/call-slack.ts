import { OUTBOUND_UNREACHABLE, type OutboundPath } from "@adapterkit/sdk";
import { DEFAULT_API_BASE_URL } from "./manifest.ts";

/** How long one Web API call may take; below the service's 10 s (D11) so a refusal still gets answered. */
export const SLACK_TIMEOUT_MS = 8_000;

/** Slack errors that a later retry may cure; everything else (invalid_auth, channel_not_found…) will not. */
const RETRYABLE_ERRORS: ReadonlySet<string> = new Set([
  "ratelimited",
  "rate_limited",
  "internal_error",
  "fatal_error",
  "service_unavailable",
  "request_timeout",
  "team_added_to_org",
]);

/**
 * A Web API method's answer: its JSON on `ok: true`, else Slack's error code, whether a retry may help and, when Slack
 * answered 429 with a `Retry-After` in seconds, how long it asks to wait.
 */
export type SlackResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; error: string; retryable: boolean; retryAfterSeconds?: number };

/** Options of {@link callSlack}. */
export interface CallSlackOptions {
  /** The handler's `context.outbound`: the only way this adapter connects anywhere (architecture.md#a18). */
  outbound: OutboundPath;
  /** `credentials.api_base_url`, else Slack's own. */
  baseUrl?: string | undefined;
  token: string;
  /** Method arguments, sent as JSON. */
  body?: Record<string, unknown>;
  /** Cancels the call when the service gives up on the request. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Calls one Slack Web API method. Slack answers HTTP 200 with `{ ok: false, error }` when it refuses, so that,
 * HTTP failures and network failures all come back as a result rather than a throw. A failure to connect, a time-out
 * and the outbound guard's refusal all come back as one {@link UNREACHABLE} result (the cause goes to the log).
 * @example const result = await callSlack("auth.test", { token: credentials.token, outbound: context.outbound });
 */
export async function callSlack(method: string, options: CallSlackOptions): Promise<SlackResult> {
  const url = methodUrl(options.baseUrl || DEFAULT_API_BASE_URL, method);
  if (url === undefined) {
    return { ok: false, error: "invalid_api_base_url: api_base_url must be an http(s) URL", retryable: false };
  }
  const timeoutMs = options.timeoutMs ?? SLACK_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await options.outbound.fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${options.token}`,
        "content-type": "application/json; charset=utf-8",
      },
      body: JSON.stringify(options.body ?? {}),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch {
    // The outbound path has logged the cause.
    return UNREACHABLE;
  }
  return readAnswer(response);
}

/** What any failure to reach the Web API is reported as, whatever the cause (architecture.md#a18). */
export const UNREACHABLE = {
  ok: false,
  error: `network_error: ${OUTBOUND_UNREACHABLE}`,
  retryable: true,
} as const satisfies SlackResult;

/**
 * Whether an error is an answer from something that is not the Web API (a bare status, a body that is not its
 * JSON): at `/verify` it is reported as {@link UNREACHABLE} too, so api_base_url cannot tell a listening port from
 * a closed one.
 */
export function isNotTheWebApi(error: string): boolean {
  return /^(invalid_response|http_\d+)/.test(error);
}

function methodUrl(baseUrl: string, method: string): string | undefined {
  if (!URL.canParse(baseUrl)) return undefined;
  const base = new URL(baseUrl);
  if (base.protocol !== "http:" && base.protocol !== "https:") return undefined;
  return `${base.href.replace(/\/+$/, "")}/${method}`;
}

async function readAnswer(response: Response): Promise<SlackResult> {
  const text = await response.text().catch(() => "");
  const data = parseObject(text);
  if (response.status === 429) {
    const seconds = retryAfterOf(response);
    return {
      ok: false,
      error: "ratelimited",
      retryable: true,
      ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
    };
  }
  if (data?.ok === false) {
    const error = typeof data.error === "string" && data.error !== "" ? data.error : "unknown_error";
    return { ok: false, error, retryable: response.status >= 500 || RETRYABLE_ERRORS.has(error) };
  }
  if (!response.ok) return { ok: false, error: `http_${response.status}`, retryable: response.status >= 500 };
  if (data?.ok !== true) return { ok: false, error: "invalid_response: not a Web API answer", retryable: false };
  return { ok: true, data };
}

/** Slack's `Retry-After` is whole seconds; an HTTP date or anything else is not taken as a delay. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get("retry-after")?.trim() ?? "";
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
