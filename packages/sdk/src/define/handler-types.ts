import type {
  DeliverRequest,
  DeliverResponse,
  FetchFileJsonResponse,
  FetchFileRequest,
  FormatRequest,
  FormatResponse,
  InboundEnvelope,
  ListChangesRequest,
  ListChangesResponse,
  ParseInboundRequest,
  ParseInboundResponse,
  VerifyRequest,
  VerifyResponse,
  VerifyWebhookResponse,
} from "@adapterkit/contract/adapter";
import type { Logger } from "pino";
import type { OutboundPath } from "../outbound/create-outbound.ts";
import type { CredentialsOf } from "./credentials-of.ts";
import type { ManifestInput } from "./manifest-input.ts";

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What every handler receives beside its input: who is calling, a logger and a cancellation signal. */
export interface HandlerContext {
  /** `X-Organization-Id`, when the service sent it. */
  readonly organizationId: string | undefined;
  /** `X-Project-Id`, when the service sent it. */
  readonly projectId: string | undefined;
  /** `X-Request-Id` from the service, or one generated for this request. */
  readonly requestId: string;
  /** A JSON logger bound to this request; credentials are redacted. */
  readonly log: Logger;
  /** Aborts when the caller goes away; pass it to outbound `fetch` calls. */
  readonly signal: AbortSignal;
  /**
   * The one way out (architecture.md#a18): `fetch` and raw sockets that refuse loopback and private addresses after
   * DNS, follow no redirects, and fail in one sentence whatever the cause; exceptions come from
   * `ADAPTER_ALLOWED_HOSTS`.
   */
  readonly outbound: OutboundPath;
}

/** A handler: typed input in, typed output (or a promise of it) out; it never sees `req` or `res`. */
export type Handler<I, O> = (input: I, context: HandlerContext) => O | Promise<O>;

type WithCredentials<R, M extends ManifestInput> = Simplify<Omit<R, "credentials"> & { credentials: CredentialsOf<M> }>;

/** File bytes with their own Content-Type: the binary form of a `/sources/fetch-file` answer (D7). */
export interface FileBytes {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * File bytes as a stream, for files too large to hold: the SDK pipes them to the answer as they arrive, stops
 * reading when the caller goes away, and never sends more than `maxBytes`. Over the limit by `contentLength` is a
 * 413 before anything is sent; over it mid-stream, or a stream that fails or ends short of `contentLength`, cuts
 * the connection, so the caller sees a broken answer, never a short file with a 200.
 */
export interface FileStream {
  /** The bytes: a web `ReadableStream` (`response.body` of fetch), a Node `Readable`, or any async iterable. */
  stream: AsyncIterable<Uint8Array>;
  contentType: string;
  /** The length when known: checked against `maxBytes` up front, sent as Content-Length, and held to. */
  contentLength?: number | undefined;
  /** The most bytes to send; default `DEFAULT_FILE_LIMIT` (50 MiB). */
  maxBytes?: number | undefined;
}

/** `/verify` input: the manifest's credentials. */
export type VerifyInput<M extends ManifestInput> = WithCredentials<VerifyRequest, M>;
/** `/verify-webhook` input: the D2 envelope of the platform's request, with typed credentials. */
export type VerifyWebhookInput<M extends ManifestInput> = WithCredentials<InboundEnvelope, M>;
/** `/parse-inbound` input: the D2 envelope plus `mode`, with typed credentials. */
export type ParseInboundInput<M extends ManifestInput> = WithCredentials<ParseInboundRequest, M>;
/** `/deliver` input: where and what to send, with typed credentials. */
export type DeliverInput<M extends ManifestInput> = WithCredentials<DeliverRequest, M>;
/** `/format` input; credentials are optional on this endpoint (D6). */
export type FormatInput<M extends ManifestInput> = Simplify<
  Omit<FormatRequest, "credentials"> & { credentials?: CredentialsOf<M> | undefined }
>;
/** `/sources/list-changes` input: the resource and the cursor (null at first), with typed credentials. */
export type ListChangesInput<M extends ManifestInput> = WithCredentials<ListChangesRequest, M>;
/** `/sources/fetch-file` input: the resource and the file, with typed credentials. */
export type FetchFileInput<M extends ManifestInput> = WithCredentials<FetchFileRequest, M>;

/** Checks credentials with the platform: `{ ok: true, user }` or `{ ok: false, error }`. */
export type VerifyHandler<M extends ManifestInput> = Handler<VerifyInput<M>, VerifyResponse>;
/** Checks an inbound signature (D3); a thrown `SignatureError` becomes `{ ok: false, error }`. */
export type VerifyWebhookHandler<M extends ManifestInput> = Handler<VerifyWebhookInput<M>, VerifyWebhookResponse>;
/** Normalizes an inbound payload into a message, a handshake or an ignored event (D4). */
export type ParseInboundHandler<M extends ManifestInput> = Handler<ParseInboundInput<M>, ParseInboundResponse>;
/** Sends a message (D5): `{ ok: true, message_id }` or `{ ok: false, error, retryable }`. */
export type DeliverHandler<M extends ManifestInput> = Handler<DeliverInput<M>, DeliverResponse>;
/** Converts Markdown to the platform's convention (D6). */
export type FormatHandler<M extends ManifestInput> = Handler<FormatInput<M>, FormatResponse>;
/** Lists the files changed since a cursor, and the next cursor. */
export type ListChangesHandler<M extends ManifestInput> = Handler<ListChangesInput<M>, ListChangesResponse>;
/** Returns one file as bytes (held or streamed) with their Content-Type, or as JSON with base64 content (D7). */
export type FetchFileHandler<M extends ManifestInput> = Handler<
  FetchFileInput<M>,
  FetchFileJsonResponse | FileBytes | FileStream
>;

/** The two document-source handlers; they come together or not at all. */
export interface SourcesHandlers<M extends ManifestInput> {
  listChanges: ListChangesHandler<M>;
  fetchFile: FetchFileHandler<M>;
}

/** Every handler an adapter can define, by the names in the contract's endpoint table. */
export interface AllHandlers<M extends ManifestInput> {
  verify: VerifyHandler<M>;
  verifyWebhook: VerifyWebhookHandler<M>;
  parseInbound: ParseInboundHandler<M>;
  deliver: DeliverHandler<M>;
  format: FormatHandler<M>;
  sources: SourcesHandlers<M>;
}

type IsNonEmpty<T> = T extends readonly [unknown, ...unknown[]] ? true : false;

/** D9a: a channel app (one that declares `send` or `receive`) implements all four channel handlers. */
export type ChannelHandlerName = "verifyWebhook" | "parseInbound" | "deliver" | "format";

/**
 * The handlers a manifest literal makes compulsory: the channel four when it declares capabilities, `verify`
 * when it declares credentials. A manifest typed loosely (not a literal) makes none compulsory at compile time;
 * `defineAdapter` still checks at start-up.
 */
export type RequiredHandlerName<M extends ManifestInput> =
  | (M extends { readonly capabilities: infer C } ? (IsNonEmpty<C> extends true ? ChannelHandlerName : never) : never)
  | (M extends { readonly credentials: infer C } ? (IsNonEmpty<C> extends true ? "verify" : never) : never);

/** The handlers of an adapter with manifest `M`: the compulsory ones required, the rest optional. */
export type AdapterHandlers<M extends ManifestInput> = { [K in RequiredHandlerName<M>]: AllHandlers<M>[K] } & {
  [K in Exclude<keyof AllHandlers<M>, RequiredHandlerName<M>>]?: AllHandlers<M>[K];
};

/** What `defineAdapter` takes: the manifest and its handlers. */
export type AdapterDefinition<M extends ManifestInput> = { manifest: M } & AdapterHandlers<M>;
