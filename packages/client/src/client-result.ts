import type { AdapterError } from "@adapterkit/contract";

/** One way a response breaks the contract: the JSON Pointer of the field, what the schema expects and what came. */
export interface SchemaIssue {
  readonly pointer: string;
  readonly expected: string;
  readonly actual: string;
  readonly message: string;
}

/** Response headers with lower-cased names; repeated headers are joined with ", ". */
export type ResponseHeaders = Readonly<Record<string, string>>;

/** Why a call to an adapter did not produce a contract-conformant answer. */
export type ClientFailure =
  | { readonly kind: "unreachable"; readonly message: string }
  | { readonly kind: "timeout"; readonly timeoutMs: number }
  | {
      readonly kind: "http_status";
      readonly status: number;
      /** The D8 error when the body is one, else null. */
      readonly body: AdapterError | null;
      readonly text: string;
      /** Why the body is not a D8 error; empty when it is one. */
      readonly issues: readonly SchemaIssue[];
    }
  | {
      readonly kind: "schema_violation";
      readonly status: number;
      readonly issues: readonly SchemaIssue[];
      readonly body: unknown;
    }
  | { readonly kind: "invalid_json"; readonly status: number; readonly text: string }
  /** The body was larger than the call's `maxResponseBytes`, so it was not read. */
  | { readonly kind: "response_too_large"; readonly status: number; readonly limitBytes: number };

export type ClientFailureKind = ClientFailure["kind"];

/** A call whose response matched the contract. */
export interface ClientSuccess<T> {
  readonly ok: true;
  readonly value: T;
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly durationMs: number;
}

/** A call that failed, and how. */
export interface ClientError {
  readonly ok: false;
  readonly error: ClientFailure;
  readonly durationMs: number;
}

/** The outcome of every client method: never an exception for anything the adapter does. */
export type ClientResult<T> = ClientSuccess<T> | ClientError;

/** The request exactly as it went on the wire. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

/** The response exactly as it came off the wire. */
export interface ReceivedResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly bytes: Uint8Array;
  readonly text: string;
}

/** What `call()` returns: the result plus the raw exchange (response is null when none arrived). */
export type CallResult<T> = ClientResult<T> & {
  readonly request: SentRequest;
  readonly response: ReceivedResponse | null;
};

/** A file from `/sources/fetch-file`, whichever D7 form the adapter answered with. */
export interface FetchedFile {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** `bytes`: the body itself with its Content-Type; `json`: `{ content_base64, content_type? }`. */
  readonly form: "bytes" | "json";
}

/** A file from `/sources/fetch-file` whose bytes went to a sink as they arrived (`fetchFileTo`). */
export interface StreamedFile {
  readonly contentType: string;
  /** How many bytes the sink took. */
  readonly size: number;
  readonly form: "bytes" | "json";
}
