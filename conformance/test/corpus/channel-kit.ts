import { createHmac, randomUUID } from "node:crypto";
import {
  AdapterHttpError,
  type DeliverResponse,
  defineManifest,
  type FormatHandler,
  type HandlerContext,
  SignatureError,
  type VerifyWebhookResponse,
} from "@adapterkit/sdk";

/** The manifest of a corpus channel style: send and receive, one text credential (token, secret, API URL). */
export function channelManifest<const Slug extends string>(name: string, slug: Slug) {
  return defineManifest({
    schema_version: "1.0",
    name,
    slug,
    category: "communication",
    capabilities: ["send", "receive"],
    credentials: [
      {
        key: "corpus_platform",
        type: "text",
        fields: [{ name: "token", secret: true }, { name: "signing_secret", secret: true }, { name: "api_url" }],
      },
    ],
  });
}

/** What a channel style's credentials hold. */
export interface ChannelCredentials {
  readonly token: string;
  readonly signing_secret: string;
  readonly api_url: string;
}

/** How long the platform may take; under the service's 10 s (D11), so a hanging platform still gets an answer. */
const PLATFORM_TIMEOUT_MS = 8_000;

/** What a handler calls out with: its abort signal and the SDK's guarded outbound path. */
type CallOut = Pick<HandlerContext, "signal" | "outbound">;

/** `/verify`: asks the platform who the token belongs to (`GET {api_url}/api/me`), through the outbound guard. */
export async function verifyOnPlatform(credentials: ChannelCredentials, { signal, outbound }: CallOut) {
  let answer: Response;
  try {
    answer = await outbound.fetch(`${credentials.api_url}/api/me`, {
      headers: { authorization: `Bearer ${credentials.token}` },
      signal: AbortSignal.any([signal, AbortSignal.timeout(PLATFORM_TIMEOUT_MS)]),
    });
  } catch {
    // A URL in the credentials that cannot be reached makes them unusable: a refusal, in the same words whatever
    // the cause (the guard's refusal, a closed port, a time-out), so they cannot map a network.
    return { ok: false as const, error: "could not reach the configured server" };
  }
  if (answer.status >= 500) throw new AdapterHttpError("platform_error", `the platform answered ${answer.status}`);
  if (!answer.ok) return { ok: false as const, error: "the platform refused the token" };
  const me = (await answer.json().catch(() => ({}))) as { user?: unknown };
  if (typeof me.user !== "string") throw new AdapterHttpError("platform_error", "the platform's answer has no user");
  return { ok: true as const, user: me.user };
}

/** The marker stamped on what the adapter sends, so its own echo parses as `is_bot: true`. */
export function botMarker(token: string, text: string): string {
  return createHmac("sha256", `corpus-bot:${token}`).update(text).digest("hex").slice(0, 32);
}

/** A signature check as `/verify-webhook` answers it: a `SignatureError` is `{ ok: false }`, anything else throws. */
export function verdictOf(verify: () => void): VerifyWebhookResponse {
  try {
    verify();
    return { ok: true };
  } catch (error) {
    if (error instanceof SignatureError) return { ok: false, error: `${error.code}: ${error.message}` };
    throw error;
  }
}

/**
 * POSTs a delivery as JSON to the channel address (an http(s) URL on the platform) with the token; a refusal,
 * a 429, a 5xx and a time-out become D5's `{ ok: false, retryable }`.
 */
export async function postToPlatform(options: {
  readonly address: string;
  readonly token: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly threadId: string | undefined;
  readonly context: CallOut;
}): Promise<DeliverResponse> {
  if (!/^https?:\/\//.test(options.address))
    throw new AdapterHttpError("invalid_request", "channel_address must be an http(s) URL", {
      issues: [{ path: "/channel_address", message: "expected an http(s) URL" }],
    });
  const timeout = AbortSignal.timeout(PLATFORM_TIMEOUT_MS);
  let answer: Response;
  try {
    answer = await options.context.outbound.fetch(options.address, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${options.token}` },
      body: JSON.stringify(options.payload),
      signal: AbortSignal.any([options.context.signal, timeout]),
    });
  } catch {
    if (timeout.aborted)
      return { ok: false, error: `the platform did not answer within ${PLATFORM_TIMEOUT_MS} ms`, retryable: true };
    throw new AdapterHttpError("platform_error", "the platform could not be reached");
  }
  await answer.body?.cancel().catch(() => {});
  if (!answer.ok)
    return {
      ok: false,
      error: `the platform answered ${answer.status}`,
      retryable: answer.status === 429 || answer.status >= 500,
    };
  return {
    ok: true,
    message_id: randomUUID(),
    ...(options.threadId === undefined ? {} : { thread_id: options.threadId }),
  };
}

/** `/format`: the corpus platforms show Markdown as it is (D6). */
export const formatUnchanged: FormatHandler<ReturnType<typeof channelManifest>> = ({ text }) => ({ text });

/** The platform body as JSON, or a 400 naming `/body` (D8). */
export function platformJson(raw: string | Buffer): unknown {
  try {
    return JSON.parse(raw.toString());
  } catch {
    throw new AdapterHttpError("invalid_request", "the platform body is not JSON", {
      issues: [{ path: "/body", message: "expected JSON" }],
    });
  }
}

/** A platform body that is valid JSON but no object carries no event (D4). */
export function isEventObject(event: unknown): event is Record<string, unknown> {
  return typeof event === "object" && event !== null && !Array.isArray(event);
}

/** The 400 for a message event without the fields it needs. */
export function incompleteMessage(needs: string): AdapterHttpError {
  return new AdapterHttpError("invalid_request", `a message event needs ${needs}`, {
    issues: [{ path: "/body", message: `expected ${needs}` }],
  });
}

/** The platform routes every corpus channel style's fixtures program the stand-in with. */
export const PLATFORM_ROUTES = [
  ...["tok_alpha", "tok_bravo"].flatMap((token) => [
    {
      method: "GET",
      path: "/api/me",
      when: { header: { authorization: `Bearer ${token}` } },
      status: 200,
      body: { user: `${token}-bot` },
    },
    {
      method: "POST",
      path: "/hooks/sandbox",
      when: { header: { authorization: `Bearer ${token}` } },
      status: 200,
      body: { ok: true },
    },
  ]),
  { method: "GET", path: "/api/me", status: 401, body: { error: "invalid_auth" } },
  { method: "POST", path: "/hooks/sandbox", status: 401, body: { error: "invalid_auth" } },
];

/** The credentials of the corpus channel fixtures, with each style's signing secrets. */
export function channelCredentials(secrets: { good: string; other: string; bad: string }) {
  const of = (token: string, signing_secret: string) => ({ token, signing_secret, api_url: "{{platform_url}}" });
  return {
    good: of("tok_alpha", secrets.good),
    other: of("tok_bravo", secrets.other),
    bad: of("tok_revoked", secrets.bad),
  };
}
