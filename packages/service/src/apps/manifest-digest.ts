import { createHash } from "node:crypto";
import type { Manifest } from "@adapterkit/contract";

/** A1: the manifest as stored (its JSON, keys in the adapter's order) and the SHA-256 that tells versions apart. */
export function manifestDigest(manifest: Manifest): { json: string; sha256: string } {
  const json = JSON.stringify(manifest);
  return { json, sha256: createHash("sha256").update(json).digest("hex") };
}
