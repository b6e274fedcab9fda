import type { AppJson, Manifest } from "@adapterkit/contract";
import type { AppHealthStatus, AppRow, AppVersionRow } from "./app-tables.ts";

/** The API's view of an App at one version, with this instance's call figures (A7). */
export function toAppJson(app: AppRow, version: AppVersionRow, calls: AppJson["calls"]): AppJson {
  const manifest = JSON.parse(version.manifest) as Manifest;
  return {
    slug: app.slug,
    name: manifest.name,
    base_url: app.base_url,
    state: app.state,
    organization_id: app.organization_id,
    version: version.version,
    latest_version: app.latest_version,
    published_version: app.published_version,
    manifest,
    manifest_sha256: version.manifest_sha256,
    review_report: app.review_report === null ? null : (JSON.parse(app.review_report) as Record<string, unknown>),
    health: {
      status: app.health_status as AppHealthStatus,
      version: app.health_version,
      checked_at: app.health_checked_at,
    },
    calls,
    created_at: app.created_at,
    updated_at: app.updated_at,
  };
}
