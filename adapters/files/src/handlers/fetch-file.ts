import { AdapterHttpError, type FetchFileHandler } from "@adapterkit/sdk";
import type { manifest } from "../manifest.ts";
import { isUrlWithin, isWithin, toSourcePath } from "../source-path.ts";
import { toWebdavError, urlOf, webdavRequest } from "../webdav-request.ts";
import { readWebdavSettings } from "../webdav-settings.ts";

/** Largest file this adapter returns, in bytes: the answer is held in memory. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

// Inside the service's 60 s budget for fetch-file (D11).
const DOWNLOAD_TIMEOUT_MS = 55_000;

/**
 * `/sources/fetch-file`: GETs the file and answers its bytes with the server's Content-Type (D7). A `file_path`
 * outside `resource_path` is 400, so a source only reads below its own folder.
 */
export const fetchFile: FetchFileHandler<typeof manifest> = async (
  { credentials, resource_path, file_path },
  { signal },
) => {
  const settings = readWebdavSettings(credentials);
  const root = toSourcePath(resource_path, "resource_path");
  const path = toSourcePath(file_path, "file_path");
  if (!isWithin(path, root) || !isUrlWithin(urlOf(settings, path), urlOf(settings, root))) {
    const message = `file_path ${path} is outside resource_path ${root}`;
    throw new AdapterHttpError("invalid_request", message, { issues: [{ path: "/file_path", message }] });
  }
  const response = await webdavRequest(settings, { method: "GET", path, signal, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  if (!response.ok) {
    await response.body?.cancel();
    if (response.status === 405) {
      const message = `${path} is a folder, not a file`;
      throw new AdapterHttpError("invalid_request", message, { issues: [{ path: "/file_path", message }] });
    }
    throw toWebdavError(response, path);
  }
  const contentType = response.headers.get("content-type") || "application/octet-stream";
  return { bytes: await readAtMost(response, MAX_FILE_BYTES, path), contentType };
};

async function readAtMost(response: Response, limit: number, path: string): Promise<Uint8Array> {
  const tooLarge = () =>
    new AdapterHttpError(
      "payload_too_large",
      `${path} is larger than the ${limit / 1024 / 1024} MiB this adapter returns`,
    );
  if (Number(response.headers.get("content-length") ?? 0) > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
