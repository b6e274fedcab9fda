import type { ClientFailure } from "@adapterkit/client";
import type { AdapterEndpointId } from "@adapterkit/contract";

/** One deliberately bad request to one endpoint. */
export interface BadRequest {
  readonly endpoint: AdapterEndpointId;
  /** The JSON body, or the exact text for a body that is not JSON. */
  readonly body: unknown;
  readonly rawBody?: string;
  readonly what: string;
}

/** What came back for a bad request. */
export interface BadAnswer {
  readonly request: BadRequest;
  readonly status: number | undefined;
  readonly text: string;
  readonly contentType: string | undefined;
  readonly error?: ClientFailure;
}
