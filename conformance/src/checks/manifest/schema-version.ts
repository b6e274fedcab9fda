import { SCHEMA_VERSION } from "@adapterkit/contract";
import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { show } from "../shared/labels.ts";

/** `schema_version` is exactly the version this runner judges. */
export const schemaVersion: ConformanceCheck = {
  id: "manifest.schema-version",
  group: "manifest",
  level: "required",
  rationale: `contract.md#versioning: the manifest carries schema_version, currently "${SCHEMA_VERSION}"; it is required.`,
  appliesWhen: () => true,
  run: async (ctx) => {
    const actual = (ctx.manifestRaw as { schema_version?: unknown } | undefined)?.schema_version;
    if (actual === SCHEMA_VERSION) return passed();
    return failed([
      ctx.failure({
        endpoint: "GET /manifest.json",
        message: actual === undefined ? "schema_version is missing" : "schema_version is not one this runner judges",
        pointer: "/schema_version",
        expected: show(SCHEMA_VERSION),
        actual: show(actual),
        request: {},
      }),
    ]);
  },
};
