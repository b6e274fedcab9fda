import { ADAPTER_ENDPOINTS, type AdapterEndpointDef, type Manifest } from "@adapterkit/contract";

/** The POST endpoints this manifest requires (verify with credentials, the four channel endpoints for channel apps). */
export function requiredPosts(manifest: Manifest): AdapterEndpointDef[] {
  return ADAPTER_ENDPOINTS.filter(
    (endpoint) => endpoint.method === "POST" && safeRequirement(endpoint, manifest) === "required",
  );
}

/** The requirement, reading an invalid manifest defensively (it may be any JSON object). */
export function safeRequirement(endpoint: AdapterEndpointDef, manifest: Manifest): "required" | "optional" {
  try {
    return endpoint.requirement({
      ...manifest,
      capabilities: Array.isArray(manifest.capabilities) ? manifest.capabilities : [],
      credentials: Array.isArray(manifest.credentials) ? manifest.credentials : [],
    });
  } catch {
    return "optional";
  }
}

/**
 * `appliesWhen` of the checks that send to every required POST endpoint: with none required (no credentials, no
 * capabilities) they would send nothing and pass, so they are not applicable instead.
 */
export function requiresPosts(manifest: Manifest): true | string {
  return (
    requiredPosts(manifest).length > 0 ||
    "the manifest requires no POST endpoint (it declares no credentials and no capabilities), so there is nothing to send to"
  );
}
