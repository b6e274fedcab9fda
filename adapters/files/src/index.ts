import { defineAdapter } from "@adapterkit/sdk";
import { fetchFile } from "./handlers/fetch-file.ts";
import { listChanges } from "./handlers/list-changes.ts";
import { verify } from "./handlers/verify.ts";
import { manifest } from "./manifest.ts";

/**
 * The files adapter: a WebDAV document source (list-changes with a signed, stateless cursor; fetch-file).
 * @example const { url } = await serve(filesAdapter, { port: 3100 }); // http://localhost:3100/files
 */
export const filesAdapter = defineAdapter({ manifest, verify, sources: { listChanges, fetchFile } });

export { MAX_FILE_BYTES } from "./handlers/fetch-file.ts";
export { FILES_CURSOR_MAX_BYTES } from "./listing-cursor.ts";
export { manifest as filesManifest } from "./manifest.ts";
export {
  DEMO_FILES,
  DEMO_FILES_USER,
  type DemoTree,
  type FilesStandIn,
  type FilesStandInOptions,
  startFilesStandIn,
} from "./stand-in.ts";
export type { FilesCredentials } from "./webdav-settings.ts";
