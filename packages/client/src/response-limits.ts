import { ADAPTER_ENDPOINTS, type AdapterEndpointId } from "@adapterkit/contract";

/** The largest response body the client reads by default: 8 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** The largest file `/sources/fetch-file` may return by default: 64 MiB. */
export const FETCH_FILE_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Each endpoint's default response size limit in bytes; a larger body is a `response_too_large` failure. */
export const RESPONSE_BYTE_LIMITS: Readonly<Record<AdapterEndpointId, number>> = Object.fromEntries(
  ADAPTER_ENDPOINTS.map((endpoint) => [
    endpoint.id,
    endpoint.id === "fetch-file" ? FETCH_FILE_MAX_RESPONSE_BYTES : DEFAULT_MAX_RESPONSE_BYTES,
  ]),
) as Record<AdapterEndpointId, number>;
