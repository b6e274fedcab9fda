import type { FilesCredentials } from "@adapterkit/adapter-files";
import { createOutbound } from "@adapterkit/sdk";
import { walkTree } from "../../adapters/files/src/walk-tree.ts";
import { readWebdavSettings } from "../../adapters/files/src/webdav-settings.ts";

/**
 * The floor: what a sync must do on the WebDAV server, done straight from here: the same PROPFIND walk the files
 * adapter makes (`Depth: 1`, four folders at a time), then a GET of every file, `concurrency` at a time, each body
 * read to its end. No adapter hop, no service, no store.
 */
export async function syncBaseline(
  credentials: FilesCredentials,
  root: string,
  concurrency: number,
): Promise<{ files: number; bytes: number }> {
  // The same guarded path the adapter walks through, allowing the loopback stand-in as the bench's adapter does.
  const outbound = createOutbound({ allowedHosts: ["127.0.0.1"] });
  const log = { warn: () => {} };
  const settings = readWebdavSettings(credentials, { outbound: outbound.forRequest(log as never), log });
  const walked = await walkTree(settings, root, { maxFiles: 1_000_000 }).finally(() => outbound.close());
  if (!walked.complete) throw new Error("the walk did not complete");
  const paths = walked.files.map((file) => file.path);
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      const url = new URL(path.split("/").filter(Boolean).map(encodeURIComponent).join("/"), settings.baseUrl);
      const response = await fetch(url, { headers: { authorization: settings.authorization } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      bytes += (await response.arrayBuffer()).byteLength;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { files: paths.length, bytes };
}
