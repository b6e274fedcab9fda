import { hasCapability, type Manifest } from "@adapterkit/contract";

/** `appliesWhen` of every inbound check: the adapter declares `receive`. */
export function receives(manifest: Manifest): boolean | string {
  return hasCapability(manifest, "receive") || "the manifest does not declare the receive capability";
}
