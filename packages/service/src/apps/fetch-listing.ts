import type { AppPreview, HealthResponse, Manifest } from "@adapterkit/contract";
import { slugOf } from "@adapterkit/contract";
import { type AdapterTarget, callAdapter } from "../adapters/call-adapter.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { isServiceError } from "../errors/service-error.ts";
import { manifestDigest } from "./manifest-digest.ts";

type Context = Pick<GroundContext, "outbound" | "adapterCalls" | "adapterTimeouts">;

/** What registration and Refresh fetch: the manifest (required) and the health (problems when it fails). */
export interface FetchedListing {
  readonly baseUrl: string;
  readonly slug: string;
  readonly manifest: Manifest;
  readonly json: string;
  readonly sha256: string;
  readonly health: HealthResponse | null;
  readonly problems: string[];
}

function problemsOf(baseUrl: string, slug: string, health: HealthResponse | null): string[] {
  const problems: string[] = [];
  const lastSegment = new URL(baseUrl).pathname.split("/").filter(Boolean).at(-1);
  if (lastSegment !== slug)
    problems.push(`The base URL's last segment is ${lastSegment ?? "empty"}, not the slug ${slug} (D1).`);
  if (health !== null && health.status !== "ready") problems.push(`/health says ${health.status}, not ready.`);
  if (health !== null && health.adapter !== slug)
    problems.push(`/health names the adapter ${health.adapter}, not ${slug}.`);
  return problems;
}

/**
 * A1: fetches `/manifest.json` and `/health` through the guarded client. A manifest that cannot be fetched or breaks
 * the contract is a 502/504 problem; an unhealthy adapter is listed among the problems the preview shows.
 */
export async function fetchListing(context: Context, target: AdapterTarget): Promise<FetchedListing> {
  const manifest = await callAdapter(context, target, "manifest", (client) => client.manifest());
  const slug = slugOf(manifest);
  let health: HealthResponse | null = null;
  const problems: string[] = [];
  try {
    health = await callAdapter(context, target, "health", (client) => client.health());
  } catch (error) {
    if (!isServiceError(error)) throw error;
    problems.push(error.message);
  }
  const baseUrl = target.baseUrl.replace(/\/+$/, "");
  return {
    baseUrl,
    slug,
    manifest,
    ...manifestDigest(manifest),
    health,
    problems: [...problems, ...problemsOf(baseUrl, slug, health)],
  };
}

/** The preview the API shows. */
export function toPreview(listing: FetchedListing, slugTaken: boolean): AppPreview {
  return {
    base_url: listing.baseUrl,
    slug: listing.slug,
    manifest: listing.manifest,
    manifest_sha256: listing.sha256,
    health: listing.health,
    problems: listing.problems,
    slug_taken: slugTaken,
  };
}
