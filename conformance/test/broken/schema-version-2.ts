import type { BrokenAdapter } from "../run-against.ts";

/** Claims a manifest schema version this runner does not judge. */
export const schemaVersion2: BrokenAdapter = {
  fault: 'manifest schema_version "2.0"',
  adapter: { manifestPatch: { schema_version: "2.0" } },
  // The published schema pins the version too, so the schema check names the same field.
  caughtBy: ["manifest.schema", "manifest.schema-version"],
};
