import { AdapterHttpError, type FetchFileHandler } from "@adapterkit/sdk";
import type { manifest } from "../manifest.ts";
import { isUrlWithin, isWithin, toSourcePath } from "../source-path.ts";
import { webdavGet } from "../webdav-get.ts";
import { toWebdavError, urlOf } from "../webdav-request.ts";
import { readWebdavSettings } from "../webdav-settings.ts";

/** Largest file this adapter returns, in bytes; the SDK enforces it while streaming. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

// Inside the service's 60 s budget for fetch-file (D11); it bounds the whole download, body included.
const DOWNLOAD_TIMEOUT_MS = 55_000;

// A file declaring at most this many bytes is read whole and answered in one write (D301): no stream a file. A
// larger one streams, so what is held per request is this much or one chunk.
const WHOLE_UP_TO_BYTES = 64 * 1024;

/**
 * `/sources/fetch-file`: GETs the file and streams its bytes with the server's Content-Type (D7), never holding
 * more than a small file (D301). A `file_path` outside `resource_path` is 400, so a source only reads below its own folder. A file
 * over {@link MAX_FILE_BYTES} by its Content-Length is 413; one that grows past it while streaming is cut off.
 */
export const fetchFile: FetchFileHandler<typeof manifest> = async (
  { credentials, resource_path, file_path },
  context,
) => {
  const settings = readWebdavSettings(credentials, context);
  const root = toSourcePath(resource_path, "resource_path");
  const path = toSourcePath(file_path, "file_path");
  const url = urlOf(settings, path);
  if (!isWithin(path, root) || !isUrlWithin(url, urlOf(settings, root))) {
    const message = `file_path ${path} is outside resource_path ${root}`;
    throw new AdapterHttpError("invalid_request", message, { issues: [{ path: "/file_path", message }] });
  }
  const response = await webdavGet(settings, {
    path,
    url,
    // Asked for only if the download outlasts a second (D304).
    signal: () => context.signal,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    wholeUpTo: WHOLE_UP_TO_BYTES,
  });
  if (response.status < 200 || response.status > 299) {
    response.body?.destroy();
    if (response.status === 405) {
      const message = `${path} is a folder, not a file`;
      throw new AdapterHttpError("invalid_request", message, { issues: [{ path: "/file_path", message }] });
    }
    throw toWebdavError(response, path);
  }
  const contentType = response.headers.get("content-type") || "application/octet-stream";
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > MAX_FILE_BYTES) {
    response.body?.destroy();
    throw new AdapterHttpError(
      "payload_too_large",
      `${path} is larger than the ${MAX_FILE_BYTES / 1024 / 1024} MiB this adapter returns`,
    );
  }
  // Asked for identity; a server that encodes anyway would have its encoded bytes passed on as the file.
  const encoding = (response.headers.get("content-encoding") ?? "identity").toLowerCase();
  if (encoding !== "identity") {
    response.body?.destroy();
    throw new AdapterHttpError("platform_error", `The WebDAV server sent ${path} with Content-Encoding ${encoding}`);
  }
  if (response.bytes !== undefined) return { bytes: response.bytes, contentType };
  const contentLength = Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
  return { stream: response.body, contentType, contentLength, maxBytes: MAX_FILE_BYTES };
};
