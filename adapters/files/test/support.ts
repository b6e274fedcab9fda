import { setTimeout as sleep } from "node:timers/promises";
import type { FilesStandIn } from "../src/stand-in.ts";

/** Changes the stand-in's tree over WebDAV itself, as another client of the server would. */
export async function davChange(
  standIn: FilesStandIn,
  method: "PUT" | "DELETE" | "MKCOL",
  path: string,
  body?: string | Uint8Array,
): Promise<void> {
  // webdav-server's ETag hashes the modification time in milliseconds; let the clock move past the last change.
  await sleep(3);
  const { username, password } = standIn.credentials;
  const url = new URL(path.split("/").map(encodeURIComponent).join("/").replace(/^\//, ""), standIn.url);
  const response = await fetch(url, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` },
    ...(body === undefined ? {} : { body }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
}
