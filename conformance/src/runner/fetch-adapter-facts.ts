import { createHash } from "node:crypto";
import { type AdapterClient, describeFailure, type SchemaIssue, validateShape } from "@adapterkit/client";
import type { HealthResponse, Manifest } from "@adapterkit/contract";

/** The adapter's manifest as served: the parsed value, the raw JSON, its schema issues and the SHA-256 of its bytes. */
export interface ManifestFacts {
  readonly value: Manifest;
  readonly raw: unknown;
  readonly issues: readonly SchemaIssue[];
  readonly sha256: string;
}

/** What the runner reads from the adapter before any check runs. */
export type AdapterFacts =
  | { readonly reachable: false; readonly error: string }
  | { readonly reachable: true; readonly manifest: ManifestFacts; readonly health: HealthResponse | undefined };

/**
 * Fetches the manifest and the health answer. The adapter is unreachable when the manifest request gets no HTTP
 * response at all; any answer, however wrong, is left for the checks to judge.
 */
export async function fetchAdapterFacts(client: AdapterClient): Promise<AdapterFacts> {
  const manifest = await client.call("manifest");
  if (manifest.response === null) {
    return {
      reachable: false,
      error: `GET ${manifest.request.url}: ${manifest.ok ? "no response" : describeFailure(manifest.error)}`,
    };
  }
  const raw = parseJson(manifest.response.text);
  const validation = raw === undefined ? undefined : validateShape("manifest", raw);
  const issues: readonly SchemaIssue[] =
    validation === undefined
      ? [
          {
            pointer: "",
            expected: "a JSON manifest",
            actual: "a body that is not JSON",
            message: "the manifest is not JSON",
          },
        ]
      : validation.ok
        ? []
        : validation.issues;
  const value = (raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as Manifest;
  const health = await client.health();
  return {
    reachable: true,
    manifest: { value, raw, issues, sha256: createHash("sha256").update(manifest.response.bytes).digest("hex") },
    health: health.ok ? health.value : undefined,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
