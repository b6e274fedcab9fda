import { ADAPTER_ENDPOINTS, type AdapterError, type HealthResponse, type Manifest } from "@adapterkit/contract/adapter";
import type { AllHandlers, FileBytes, FileStream, SourcesHandlers } from "../define/handler-types.ts";
import type { ManifestInput } from "../define/manifest-input.ts";
import { signStandardWebhook } from "../helpers/index.ts";

/** An answer from the adapter: its success body typed by endpoint, or a D8 error. */
export type ClientResult<T> =
  | { ok: true; status: number; headers: Headers; body: T }
  | { ok: false; status: number; headers: Headers; body: AdapterError };

type Endpoints<M extends ManifestInput> = Omit<AllHandlers<M>, "sources"> & SourcesHandlers<M>;
type CallOf<H> = H extends (input: infer I, ...rest: never[]) => infer O
  ? (input: I) => Promise<ClientResult<Wire<Awaited<O>>>>
  : never;
/** Bytes, held or streamed, come back as a `Uint8Array` with their Content-Type. */
type Wire<O> = O extends FileBytes | FileStream ? FileBytes : O;

/** A typed caller of every endpoint of the contract, named as the handlers are. */
export type AdapterClient<M extends ManifestInput> = { [K in keyof Endpoints<M>]: CallOf<Endpoints<M>[K]> } & {
  manifest(): Promise<ClientResult<Manifest>>;
  health(): Promise<ClientResult<HealthResponse>>;
  /** POSTs raw bytes (signed when a secret is set), for bodies no typed call would send. */
  post(path: string, body: string | Uint8Array, headers?: Record<string, string>): Promise<ClientResult<unknown>>;
};

/** Options of {@link createAdapterClient}. */
export interface AdapterClientOptions {
  /** D9 secret to sign POSTs with, as the service would. */
  signingSecret?: string | undefined;
  /** Headers sent on every call, such as `x-organization-id`. */
  headers?: Record<string, string>;
}

/**
 * A typed client for an adapter at `url` (its base URL, ending in the slug).
 * @example const { body } = await createAdapterClient<typeof manifest>(url).format({ text: "**hi**" });
 */
export function createAdapterClient<M extends ManifestInput>(
  url: string,
  options: AdapterClientOptions = {},
): AdapterClient<M> {
  const base = url.replace(/\/+$/, "");
  const post = async (path: string, body: string | Uint8Array, headers: Record<string, string> = {}) => {
    const signature = options.signingSecret ? signStandardWebhook({ secret: options.signingSecret, body }) : {};
    const init = { "content-type": "application/json", ...options.headers, ...signature, ...headers };
    return toResult(await fetch(`${base}${path}`, { method: "POST", headers: init, body }));
  };
  const client: Record<string, unknown> = { post };
  for (const row of ADAPTER_ENDPOINTS) {
    client[row.handler] =
      row.method === "GET"
        ? async () => toResult(await fetch(`${base}${row.path}`, { headers: options.headers ?? {} }))
        : (input: unknown) => post(row.path, JSON.stringify(input));
  }
  return client as AdapterClient<M>;
}

async function toResult(response: Response): Promise<ClientResult<never>> {
  const type = response.headers.get("content-type") ?? "";
  const bytes = new Uint8Array(await response.arrayBuffer());
  const body = type.startsWith("application/json")
    ? JSON.parse(new TextDecoder().decode(bytes))
    : { bytes, contentType: type };
  return { ok: response.ok, status: response.status, headers: response.headers, body } as ClientResult<never>;
}
