import type { FetchFileRequest } from "@adapterkit/contract";
import { callEndpoint } from "./call-endpoint.ts";
import type { ClientResult, StreamedFile } from "./client-result.ts";
import type { ClientConfig, RequestOptions } from "./request-options.ts";
import type { BodySink } from "./send-request.ts";

// The JSON form is read whole (it has to be parsed) and handed on in pieces of this size.
const PIECE_BYTES = 64 * 1024;

/**
 * `/sources/fetch-file` with the file's bytes handed to `sink` as they arrive. The binary form (D7) streams, so what
 * is held at a time is one chunk; the JSON form, and a file whose own Content-Type is JSON, are read whole within
 * the limit first. Past `maxResponseBytes` the read stops and the call fails with `response_too_large`, after the
 * sink has seen up to the limit: the caller discards what it kept. A sink that rejects makes this reject.
 */
export async function streamFetchFile(
  config: ClientConfig,
  request: FetchFileRequest,
  sink: BodySink,
  options: RequestOptions = {},
): Promise<ClientResult<StreamedFile>> {
  let streamed = false;
  let size = 0;
  const counted: BodySink = (chunk) => {
    size += chunk.byteLength;
    return sink(chunk);
  };
  const {
    request: _request,
    response: _response,
    ...result
  } = await callEndpoint(config, "fetch-file", request, options, (status, headers) => {
    if (status < 200 || status > 299 || isJson(headers["content-type"] ?? "")) return undefined;
    streamed = true;
    return counted;
  });
  if (!result.ok) return result;
  const { bytes, contentType, form } = result.value;
  if (!streamed) {
    for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES) await counted(bytes.subarray(at, at + PIECE_BYTES));
  }
  return { ...result, value: { contentType, form, size } };
}

function isJson(contentType: string): boolean {
  return contentType.split(";")[0]?.trim().toLowerCase() === "application/json";
}
